import { describe, expect, it } from 'vitest';
import { fileUploaderContract } from '@teamim/application/testing';
import { OpenImFileUploader, uploadFraction } from './file-uploader';
import type { OpenImHandler, OpenImSdk } from './sdk';

/**
 * The SDK's upload as the 3.8 wasm does it: its JS wrapper tags the upload `<uuid>/<file name>`, and
 * after each stored part the wasm fires `UploadComplete` with a JSON string of the sizes.
 */
class UploadingSdk {
  readonly handlers = new Set<OpenImHandler>();
  /** Stored bytes after each part, of a 1,000-byte file. */
  parts: number[] = [400, 1_000];
  on(_event: string, handler: OpenImHandler): void {
    this.handlers.add(handler);
  }
  off(_event: string, handler: OpenImHandler): void {
    this.handlers.delete(handler);
  }
  fire(data: unknown): void {
    for (const handler of [...this.handlers]) handler({ data, errCode: 0, errMsg: '' });
  }
  async uploadFile(params: { uuid: string; file: File }) {
    const tag = `${params.uuid}/${params.file.name}`;
    this.fire(JSON.stringify({ fileSize: 1_000, streamSize: 1_000, storageSize: 900, uuid: 'other/x' }));
    this.fire('not json');
    for (const stored of this.parts) {
      await Promise.resolve();
      this.fire(JSON.stringify({ fileSize: 1_000, streamSize: stored, storageSize: stored, uuid: tag }));
    }
    return { errCode: 0, errMsg: '', data: { url: `http://h/api/object/${params.uuid}` } };
  }
  asSdk(): OpenImSdk {
    return this as unknown as OpenImSdk;
  }
}

const file = () => {
  const handle = new File([new Uint8Array(1_000)], 'teamim-log.txt', { type: 'text/plain' });
  return { name: handle.name, mimeType: 'text/plain', size: handle.size, handle };
};

describe('OpenImFileUploader progress', () => {
  for (const contractCase of fileUploaderContract) {
    it(`keeps the contract: ${contractCase.name}`, async () => {
      await contractCase.run({ uploader: new OpenImFileUploader(new UploadingSdk().asSdk()), file: file() });
    });
  }

  it("reports this upload's stored parts only, and stops listening when done", async () => {
    const sdk = new UploadingSdk();
    sdk.parts = [250, 600, 500, 1_000];
    const fractions: number[] = [];
    await new OpenImFileUploader(sdk.asSdk()).upload(file(), (fraction) => fractions.push(fraction));
    expect(fractions).toEqual([0, 0.25, 0.6, 1]);
    expect(sdk.handlers.size).toBe(0);
  });

  it('reads the fraction from the wasm payload, refusing what does not read as one', () => {
    const tag = 'u/log.txt';
    expect(uploadFraction('{"fileSize":200,"streamSize":50,"storageSize":0,"uuid":"u/log.txt"}', tag)).toBe(
      0.25,
    );
    expect(uploadFraction({ fileSize: 200, streamSize: 400, storageSize: 0, uuid: tag }, tag)).toBe(1);
    expect(uploadFraction({ fileSize: 0, streamSize: 1, uuid: tag }, tag)).toBeUndefined();
    expect(uploadFraction({ fileSize: 10, streamSize: 1, uuid: 'v/log.txt' }, tag)).toBeUndefined();
    expect(uploadFraction('{', tag)).toBeUndefined();
    expect(uploadFraction(null, tag)).toBeUndefined();
  });
});
