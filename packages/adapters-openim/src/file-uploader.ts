import { FileUploader, RemoteError, type PickedFile } from '@teamim/application';
import { argumentError, invoke, SDK_FAILURE_CODE } from './errors';
import type { OpenImSdk } from './sdk';

/** Characters kept in object names; anything else (path separators, spaces…) becomes `_`. */
const UNSAFE = /[^A-Za-z0-9._-]/g;

/**
 * Uploads through the SDK's own object-storage flow (`uploadFile`: part limit, multipart, signed PUTs,
 * complete) and resolves with the public URL. Each upload gets a fresh name under the user's prefix, so
 * two files called `avatar.png` never overwrite each other.
 */
export class OpenImFileUploader extends FileUploader {
  constructor(private readonly sdk: OpenImSdk) {
    super();
  }

  async upload(file: PickedFile): Promise<string> {
    const blob = file.handle;
    if (!(blob instanceof Blob)) throw argumentError('the picked file is not a browser File');
    const contentType = file.mimeType || 'application/octet-stream';
    const asFile = blob instanceof File ? blob : new File([blob], file.name, { type: contentType });
    const uuid = crypto.randomUUID();
    const safeName = file.name.replace(UNSAFE, '_').replace(/^\.+/, '') || 'file';
    const result = await invoke('uploadFile', () =>
      this.sdk.uploadFile({ name: `${uuid}-${safeName}`, contentType, uuid, file: asFile }),
    );
    if (!result.url) throw new RemoteError(SDK_FAILURE_CODE, 'the upload finished without a URL');
    return result.url;
  }
}
