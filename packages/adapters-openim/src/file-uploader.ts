import { FileUploader, RemoteError, type PickedFile } from '@teamim/application';
import { argumentError, invoke, SDK_FAILURE_CODE } from './errors';
import { fromSdkEvent } from './events';
import type { OpenImSdk } from './sdk';

/** Characters kept in object names; anything else (path separators, spaces…) becomes `_`. */
const UNSAFE = /[^A-Za-z0-9._-]/g;

/**
 * The stored fraction in one of the SDK's `UploadComplete` events (sent after each stored part, its data
 * a JSON string `{fileSize, streamSize, storageSize, uuid}`), or undefined for another upload's event or
 * a payload that does not read as one.
 */
export function uploadFraction(data: unknown, uuid: string): number | undefined {
  let payload: unknown = data;
  if (typeof data === 'string') {
    try {
      payload = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { fileSize, streamSize, storageSize, uuid: from } = payload as Record<string, unknown>;
  if (from !== uuid || typeof fileSize !== 'number' || !(fileSize > 0)) return undefined;
  const done = Math.max(
    typeof streamSize === 'number' ? streamSize : 0,
    typeof storageSize === 'number' ? storageSize : 0,
  );
  return Number.isFinite(done) ? Math.min(1, Math.max(0, done / fileSize)) : undefined;
}

/**
 * Uploads through the SDK's own object-storage flow (`uploadFile`: part limit, multipart, signed PUTs,
 * complete) and resolves with the public URL. Each upload gets a fresh name under the user's prefix, so
 * two files called `avatar.png` never overwrite each other. Progress is what the SDK reports per stored
 * part; the SDK's wasm exposes no byte-level progress within a part.
 */
export class OpenImFileUploader extends FileUploader {
  constructor(private readonly sdk: OpenImSdk) {
    super();
  }

  async upload(file: PickedFile, onProgress?: (fraction: number) => void): Promise<string> {
    const blob = file.handle;
    if (!(blob instanceof Blob)) throw argumentError('the picked file is not a browser File');
    const contentType = file.mimeType || 'application/octet-stream';
    const asFile = blob instanceof File ? blob : new File([blob], file.name, { type: contentType });
    const uuid = crypto.randomUUID();
    const safeName = file.name.replace(UNSAFE, '_').replace(/^\.+/, '') || 'file';
    let reported = 0;
    const report = (fraction: number): void => {
      if (fraction < reported) return;
      reported = fraction;
      onProgress?.(fraction);
    };
    report(0);
    // The SDK's JS wrapper tags the upload's events with `<uuid>/<file name>`.
    const eventUuid = `${uuid}/${asFile.name}`;
    const progress =
      onProgress === undefined
        ? undefined
        : fromSdkEvent(this.sdk, 'UploadComplete').subscribe((event) => {
            const fraction = uploadFraction(event.data, eventUuid);
            if (fraction !== undefined && fraction < 1) report(fraction);
          });
    try {
      const result = await invoke('uploadFile', () =>
        this.sdk.uploadFile({ name: `${uuid}-${safeName}`, contentType, uuid, file: asFile }),
      );
      if (!result.url) throw new RemoteError(SDK_FAILURE_CODE, 'the upload finished without a URL');
      report(1);
      return result.url;
    } finally {
      progress?.unsubscribe();
    }
  }
}
