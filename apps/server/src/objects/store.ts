import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** Where object bytes live. Keys and upload IDs are server-generated hex, never client names. */
export interface BlobStore {
  readonly kind: 'memory' | 'disk';
  putPart(uploadID: string, partNumber: number, data: Buffer): Promise<void>;
  /** Concatenates parts 1..partCount into a blob named by the SHA-256 of its bytes. */
  assemble(uploadID: string, partCount: number): Promise<{ key: string; size: number }>;
  dropUpload(uploadID: string): Promise<void>;
  hasBlob(key: string): Promise<boolean>;
  /** Bytes `start..end` (inclusive) of a blob. */
  readBlob(key: string, start: number, end: number): Readable;
  deleteBlob(key: string): Promise<void>;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const BLOB_KEY = /^[0-9a-f]{64}$/;

function checkUploadID(uploadID: string): string {
  if (!UPLOAD_ID.test(uploadID)) throw new Error(`invalid upload id ${JSON.stringify(uploadID)}`);
  return uploadID;
}
function checkKey(key: string): string {
  if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return key;
}
function checkPart(partNumber: number): number {
  if (!Number.isSafeInteger(partNumber) || partNumber < 1)
    throw new Error(`invalid part number ${partNumber}`);
  return partNumber;
}

export const newUploadID = (): string => randomBytes(16).toString('hex');

/** `--memory` mode: nothing touches the disk. */
export class MemoryBlobStore implements BlobStore {
  readonly kind = 'memory';
  private readonly uploads = new Map<string, Map<number, Buffer>>();
  private readonly blobs = new Map<string, Buffer>();

  putPart(uploadID: string, partNumber: number, data: Buffer): Promise<void> {
    let parts = this.uploads.get(checkUploadID(uploadID));
    if (!parts) this.uploads.set(uploadID, (parts = new Map<number, Buffer>()));
    parts.set(checkPart(partNumber), Buffer.from(data));
    return Promise.resolve();
  }

  assemble(uploadID: string, partCount: number): Promise<{ key: string; size: number }> {
    const parts = this.uploads.get(checkUploadID(uploadID));
    const chunks: Buffer[] = [];
    for (let n = 1; n <= partCount; n++) {
      const part = parts?.get(n);
      if (!part) return Promise.reject(new Error(`part ${n} of upload ${uploadID} is missing`));
      chunks.push(part);
    }
    const blob = Buffer.concat(chunks);
    const key = createHash('sha256').update(blob).digest('hex');
    if (!this.blobs.has(key)) this.blobs.set(key, blob);
    return Promise.resolve({ key, size: blob.length });
  }

  dropUpload(uploadID: string): Promise<void> {
    this.uploads.delete(checkUploadID(uploadID));
    return Promise.resolve();
  }

  hasBlob(key: string): Promise<boolean> {
    return Promise.resolve(this.blobs.has(checkKey(key)));
  }

  readBlob(key: string, start: number, end: number): Readable {
    const blob = this.blobs.get(checkKey(key));
    if (!blob) throw new Error(`blob ${key} is missing`);
    return Readable.from([blob.subarray(start, end + 1)]);
  }

  deleteBlob(key: string): Promise<void> {
    this.blobs.delete(checkKey(key));
    return Promise.resolve();
  }
}

/**
 * Files under `root`: `uploads/<uploadID>/<partNumber>` while an upload is open,
 * `blobs/<first two hex>/<sha256>` once complete.
 */
export class DiskBlobStore implements BlobStore {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  private uploadDir(uploadID: string): string {
    return join(this.root, 'uploads', checkUploadID(uploadID));
  }
  private blobPath(key: string): string {
    return join(this.root, 'blobs', checkKey(key).slice(0, 2), key);
  }

  async putPart(uploadID: string, partNumber: number, data: Buffer): Promise<void> {
    const dir = this.uploadDir(uploadID);
    await mkdir(dir, { recursive: true });
    const final = join(dir, String(checkPart(partNumber)));
    // Written aside and renamed, so a crash never leaves a half part that looks complete.
    const tmp = `${final}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, final);
  }

  async assemble(uploadID: string, partCount: number): Promise<{ key: string; size: number }> {
    const dir = this.uploadDir(uploadID);
    const tmpDir = join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${uploadID}.${randomBytes(4).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const out = await open(tmp, 'w');
    try {
      for (let n = 1; n <= partCount; n++) {
        const part = await readFile(join(dir, String(n)));
        hash.update(part);
        size += part.length;
        await out.write(part);
      }
      await out.sync();
    } catch (err) {
      await out.close();
      await rm(tmp, { force: true });
      throw err;
    }
    await out.close();
    const key = hash.digest('hex');
    const target = this.blobPath(key);
    await mkdir(join(target, '..'), { recursive: true });
    await rename(tmp, target);
    return { key, size };
  }

  async dropUpload(uploadID: string): Promise<void> {
    await rm(this.uploadDir(uploadID), { recursive: true, force: true });
  }

  async hasBlob(key: string): Promise<boolean> {
    try {
      return (await stat(this.blobPath(key))).isFile();
    } catch {
      return false;
    }
  }

  readBlob(key: string, start: number, end: number): Readable {
    return createReadStream(this.blobPath(key), { start, end });
  }

  async deleteBlob(key: string): Promise<void> {
    await rm(this.blobPath(key), { force: true });
  }
}
