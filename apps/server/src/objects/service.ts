import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { ErrCode, ImError } from '../im/errors';
import type { Operator } from '../im/messages';
import { type ObjectLimits, contentTypeRefusal, essenceOf, formatBytes } from './limits';
import { nameRefusal, objectUrl } from './names';
import { partSignature, signParts } from './signing';
import { type BlobStore, newUploadID } from './store';
import {
  PartRejected,
  type AuthSignParts,
  type CompleteRequest,
  type InitiateRequest,
  type StoredObject,
  type UploadRow,
  type UrlBase,
} from './types';

/** OpenIM's FileUploadedExpiredError. */
export const UPLOAD_EXPIRED = 1701;
/** Matches OpenIM's reference MinIO setting; the SDK derives its part count from it. */
const MAX_NUM_PARTS = 10_000;
const MD5_HEX = /^[0-9a-f]{32}$/;

const argsError = (msg: string) => new ImError(ErrCode.Args, msg);

/**
 * The `/object/*` upload flow of OpenIM 3.8.3 as the SDK drives it: part_limit, initiate (or an instant
 * answer when the same bytes are already stored), signed part PUTs to this server, complete with the
 * checksum check, named objects served back. Database writes are synchronous (better-sqlite3); the
 * bytes go through the BlobStore.
 */
export class ObjectService {
  private readonly signKey = randomBytes(32);
  private readonly completing = new Set<string>();
  private blobLock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    readonly limits: ObjectLimits,
    private readonly now: () => number,
  ) {}

  partLimit() {
    return {
      minPartSize: this.limits.partSize,
      maxPartSize: this.limits.partSize,
      maxNumSize: MAX_NUM_PARTS,
    };
  }

  /** Checks a name and content type for `op`; returns the normalised content type. */
  private checkTarget(op: Operator, name: string, contentType: string): string {
    const nameProblem = nameRefusal(name, op.userID, op.isAdmin);
    if (nameProblem) throw argsError(`invalid object name ${JSON.stringify(name)}: ${nameProblem}`);
    const trimmed = contentType.trim();
    const essence = trimmed === '' ? 'application/octet-stream' : essenceOf(trimmed);
    if (!essence) throw argsError(`invalid content type ${JSON.stringify(contentType)}`);
    const refusal = contentTypeRefusal(this.limits, essence);
    if (refusal) throw argsError(refusal);
    // Served back verbatim as a header: keep the essence and a well-formed charset, nothing else.
    const charset = /;\s*charset\s*=\s*"?([A-Za-z0-9._-]{1,40})"?\s*(;|$)/i.exec(trimmed)?.[1];
    return charset ? `${essence}; charset=${charset.toLowerCase()}` : essence;
  }

  private checkSize(size: number): void {
    if (size > this.limits.maxObjectBytes)
      throw argsError(
        `file too large: ${size} bytes, the limit is ${formatBytes(this.limits.maxObjectBytes)}`,
      );
  }

  initiate(op: Operator, req: InitiateRequest, base: UrlBase) {
    const contentType = this.checkTarget(op, req.name, req.contentType);
    this.checkSize(req.size);
    const hash = req.hash.toLowerCase();
    if (!MD5_HEX.test(hash)) throw argsError('hash must be 32 hex digits (MD5 of the part MD5s)');
    const now = this.now();
    const existing = this.db
      .prepare<[string, number], { blob_key: string }>(
        'SELECT blob_key FROM object_hashes WHERE hash = ? AND size = ?',
      )
      .get(hash, req.size);
    if (existing) {
      this.setObject(
        {
          name: req.name,
          blobKey: existing.blob_key,
          size: req.size,
          contentType,
          userID: op.userID,
          createdAt: now,
        },
        req.cause,
      );
      return { url: objectUrl(base.objects, req.name), upload: null, instant: true as const };
    }
    if (req.partSize !== this.limits.partSize)
      throw argsError(
        `partSize must be ${this.limits.partSize} (see /object/part_limit), got ${req.partSize}`,
      );
    const partCount = Math.ceil(req.size / req.partSize);
    const uploadID = newUploadID();
    const row: UploadRow = {
      upload_id: uploadID,
      user_id: op.userID,
      hash,
      size: req.size,
      part_size: req.partSize,
      part_count: partCount,
      name: req.name,
      content_type: contentType,
      cause: req.cause,
      created_at: now,
      expires_at: now + this.limits.uploadTtlMs,
    };
    this.db
      .prepare(
        `INSERT INTO object_uploads (upload_id, user_id, hash, size, part_size, part_count, name, content_type, cause, created_at, expires_at)
         VALUES (@upload_id, @user_id, @hash, @size, @part_size, @part_count, @name, @content_type, @cause, @created_at, @expires_at)`,
      )
      .run(row);
    const signed = Math.min(partCount, Math.max(1, req.maxParts));
    const sign = signParts(
      this.signKey,
      row,
      Array.from({ length: signed }, (_, i) => i + 1),
      base,
      this.now(),
    );
    return {
      url: '',
      upload: { uploadID, partSize: req.partSize, sign, expireTime: row.expires_at },
      instant: false as const,
      partCount,
    };
  }

  private uploadFor(op: Operator, uploadID: string): UploadRow {
    const row = this.db
      .prepare<[string], UploadRow>('SELECT * FROM object_uploads WHERE upload_id = ?')
      .get(uploadID);
    if (!row)
      throw new ImError(ErrCode.RecordNotFound, `upload ${uploadID} does not exist (or was completed)`);
    // Not even an admin: an upload is completed (or re-signed) only with its uploader's token.
    if (row.user_id !== op.userID)
      throw new ImError(ErrCode.NoPermission, `upload ${uploadID} belongs to another user`);
    if (row.expires_at <= this.now()) throw new ImError(UPLOAD_EXPIRED, `upload ${uploadID} has expired`);
    return row;
  }

  authSign(op: Operator, uploadID: string, partNumbers: readonly number[], base: UrlBase): AuthSignParts {
    const row = this.uploadFor(op, uploadID);
    if (partNumbers.length === 0) throw argsError('partNumbers must not be empty');
    for (const n of partNumbers)
      if (n < 1 || n > row.part_count)
        throw argsError(
          `part number ${n} is out of range: upload ${uploadID} has parts 1 to ${row.part_count}`,
        );
    return signParts(this.signKey, row, partNumbers, base, this.now());
  }

  /**
   * Checks a signed part PUT before its body is read. Throws PartRejected with the HTTP status to answer.
   * Returns the size the body must have.
   */
  checkPartRequest(
    uploadID: string,
    query: { partNumber?: string; expires?: string; signature?: string },
  ): {
    partNumber: number;
    expectedSize: number;
  } {
    const partNumber = Number(query.partNumber);
    const expires = Number(query.expires);
    if (!Number.isSafeInteger(partNumber) || !Number.isSafeInteger(expires) || !query.signature)
      throw new PartRejected(400, 'partNumber, expires and signature query parameters are required');
    const expected = Buffer.from(partSignature(this.signKey, uploadID, partNumber, expires));
    const given = Buffer.from(query.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new PartRejected(403, 'invalid signature');
    if (expires <= this.now()) throw new PartRejected(403, 'signed URL expired: ask /object/auth_sign again');
    const row = this.db
      .prepare<[string], UploadRow>('SELECT * FROM object_uploads WHERE upload_id = ?')
      .get(uploadID);
    if (!row) throw new PartRejected(404, `upload ${uploadID} does not exist (or was completed)`);
    if (partNumber < 1 || partNumber > row.part_count)
      throw new PartRejected(400, `part number ${partNumber} is out of range 1..${row.part_count}`);
    const expectedSize =
      partNumber < row.part_count ? row.part_size : row.size - row.part_size * (row.part_count - 1);
    return { partNumber, expectedSize };
  }

  async putPart(uploadID: string, partNumber: number, expectedSize: number, body: Buffer): Promise<string> {
    if (body.length !== expectedSize)
      throw new PartRejected(400, `part ${partNumber} must be ${expectedSize} bytes, got ${body.length}`);
    if (this.completing.has(uploadID)) throw new PartRejected(409, `upload ${uploadID} is being completed`);
    await this.store.putPart(uploadID, partNumber, body);
    const md5 = createHash('md5').update(body).digest('hex');
    this.db
      .prepare(
        `INSERT INTO object_upload_parts (upload_id, part_number, size, md5) VALUES (?, ?, ?, ?)
         ON CONFLICT (upload_id, part_number) DO UPDATE SET size = excluded.size, md5 = excluded.md5`,
      )
      .run(uploadID, partNumber, body.length, md5);
    return md5;
  }

  async complete(op: Operator, req: CompleteRequest, base: UrlBase) {
    const row = this.uploadFor(op, req.uploadID);
    const contentType = this.checkTarget(op, req.name, req.contentType);
    if (req.parts.length !== row.part_count)
      throw argsError(
        `upload ${row.upload_id} has ${row.part_count} parts, got ${req.parts.length} part hashes`,
      );
    const parts = req.parts.map((p) => p.toLowerCase());
    const overall = createHash('md5').update(parts.join(',')).digest('hex');
    if (overall !== row.hash)
      throw argsError(
        `checksum mismatch: the part hashes give ${overall}, but the upload was started with hash ${row.hash}`,
      );
    const stored = new Map(
      this.db
        .prepare<[string], { part_number: number; md5: string; size: number }>(
          'SELECT part_number, md5, size FROM object_upload_parts WHERE upload_id = ?',
        )
        .all(row.upload_id)
        .map((p) => [p.part_number, p]),
    );
    for (let n = 1; n <= row.part_count; n++) {
      const got = stored.get(n);
      if (!got) throw argsError(`part ${n} of upload ${row.upload_id} was never uploaded`);
      if (got.md5 !== parts[n - 1])
        throw argsError(
          `checksum mismatch in part ${n}: the server received data with MD5 ${got.md5}, the client says ${parts[n - 1]}`,
        );
    }
    if (this.completing.has(row.upload_id))
      throw argsError(`upload ${row.upload_id} is already being completed`);
    this.completing.add(row.upload_id);
    try {
      // Assembling (which may rewrite an orphaned blob with the same bytes) and recording it must not
      // interleave with the garbage collection deleting blob files.
      const blob = await this.exclusive(async () => {
        const blob = await this.store.assemble(row.upload_id, row.part_count);
        if (blob.size !== row.size)
          throw argsError(`upload ${row.upload_id} holds ${blob.size} bytes, ${row.size} were announced`);
        const now = this.now();
        this.db.transaction(() => {
          this.db
            .prepare(
              'INSERT INTO object_blobs (blob_key, size, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
            )
            .run(blob.key, blob.size, now);
          this.db
            .prepare(
              'INSERT INTO object_hashes (hash, size, blob_key) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET blob_key = excluded.blob_key',
            )
            .run(row.hash, row.size, blob.key);
          this.setObject(
            {
              name: req.name,
              blobKey: blob.key,
              size: blob.size,
              contentType,
              userID: op.userID,
              createdAt: now,
            },
            req.cause,
          );
          this.db.prepare('DELETE FROM object_uploads WHERE upload_id = ?').run(row.upload_id);
        })();
        return blob;
      });
      await this.store.dropUpload(row.upload_id);
      await this.collectGarbage();
      return { url: objectUrl(base.objects, req.name), size: blob.size };
    } finally {
      this.completing.delete(row.upload_id);
    }
  }

  /** Creates or replaces the object `name` (same owner prefix rules were checked by the caller). */
  private setObject(obj: StoredObject, cause: string): void {
    this.db
      .prepare(
        `INSERT INTO objects (name, blob_key, size, content_type, user_id, cause, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET blob_key = excluded.blob_key, size = excluded.size,
           content_type = excluded.content_type, user_id = excluded.user_id, cause = excluded.cause,
           created_at = excluded.created_at`,
      )
      .run(obj.name, obj.blobKey, obj.size, obj.contentType, obj.userID, cause, obj.createdAt);
  }

  find(name: string): StoredObject | undefined {
    const row = this.db
      .prepare<
        [string],
        {
          name: string;
          blob_key: string;
          size: number;
          content_type: string;
          user_id: string;
          created_at: number;
        }
      >('SELECT name, blob_key, size, content_type, user_id, created_at FROM objects WHERE name = ?')
      .get(name);
    return row
      ? {
          name: row.name,
          blobKey: row.blob_key,
          size: row.size,
          contentType: row.content_type,
          userID: row.user_id,
          createdAt: row.created_at,
        }
      : undefined;
  }

  accessUrl(name: string, base: UrlBase) {
    if (!this.find(name))
      throw new ImError(ErrCode.RecordNotFound, `object ${JSON.stringify(name)} does not exist`);
    return { url: objectUrl(base.objects, name), expireTime: this.now() + 7 * 86_400_000 };
  }

  read(obj: StoredObject, start: number, end: number) {
    return this.store.readBlob(obj.blobKey, start, end);
  }

  /** Drops expired uploads and blobs no object refers to any more (replaced names). */
  async sweep(): Promise<{ uploads: number; blobs: number }> {
    const expired = this.db
      .prepare<[number], { upload_id: string }>('SELECT upload_id FROM object_uploads WHERE expires_at <= ?')
      .all(this.now())
      .filter((r) => !this.completing.has(r.upload_id));
    for (const { upload_id } of expired) {
      this.db.prepare('DELETE FROM object_uploads WHERE upload_id = ?').run(upload_id);
      await this.store.dropUpload(upload_id);
    }
    const blobs = await this.collectGarbage();
    return { uploads: expired.length, blobs };
  }

  private collectGarbage(): Promise<number> {
    return this.exclusive(async () => {
      const orphans = this.db
        .prepare<[], { blob_key: string }>(
          'SELECT blob_key FROM object_blobs b WHERE NOT EXISTS (SELECT 1 FROM objects o WHERE o.blob_key = b.blob_key)',
        )
        .all();
      // Re-checked per blob: an instant upload may have referenced it since the list was taken.
      const drop = this.db.prepare(
        'DELETE FROM object_blobs WHERE blob_key = ? AND NOT EXISTS (SELECT 1 FROM objects WHERE blob_key = ?)',
      );
      let dropped = 0;
      for (const { blob_key } of orphans) {
        if (drop.run(blob_key, blob_key).changes === 0) continue;
        dropped++;
        await this.store.deleteBlob(blob_key);
      }
      return dropped;
    });
  }

  /** Runs blob-file mutations one at a time. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.blobLock.then(task, task);
    this.blobLock = run.catch(() => undefined);
    return run;
  }
}
