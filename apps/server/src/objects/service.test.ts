import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../db/database';
import { resolveObjectLimits } from './limits';
import { OBJECTS_MIGRATION_MODULE, objectMigrations } from './migrations';
import { ObjectService, UPLOAD_EXPIRED } from './service';
import { PartRejected } from './types';
import { MemoryBlobStore } from './store';

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');
const base = { api: 'http://h/api', objects: 'http://h/api/object' };
const alice = { userID: 'alice', platformID: 5, isAdmin: false };
const admin = { userID: 'imAdmin', platformID: 10, isAdmin: true };

function setup() {
  const db = openDatabase({ memory: true, dataDir: '' });
  runMigrations(db, [{ module: OBJECTS_MIGRATION_MODULE, migrations: objectMigrations }]);
  const clock = { now: 1_000_000 };
  const limits = resolveObjectLimits({ partSize: 1024 });
  const service = new ObjectService(db, new MemoryBlobStore(), limits, () => clock.now);
  return { db, clock, service };
}

async function store(service: ObjectService, name: string, text: string) {
  const bytes = Buffer.from(text);
  const init = service.initiate(
    alice,
    {
      hash: md5(md5(bytes)),
      size: bytes.length,
      partSize: 1024,
      maxParts: 1,
      cause: '',
      name,
      contentType: 'text/plain',
    },
    base,
  );
  if (init.instant) return init.url;
  const query = Object.fromEntries(init.upload.sign.parts[0]?.query.map((q) => [q.key, q.values[0]]) ?? []);
  const { partNumber, expectedSize } = service.checkPartRequest(init.upload.uploadID, query);
  await service.putPart(init.upload.uploadID, partNumber, expectedSize, bytes);
  return (
    await service.complete(
      alice,
      { uploadID: init.upload.uploadID, parts: [md5(bytes)], name, contentType: 'text/plain', cause: '' },
      base,
    )
  ).url;
}

describe('ObjectService', () => {
  it('expired uploads refuse parts and completion (1701) and are swept', async () => {
    const { service, clock, db } = setup();
    const bytes = Buffer.from('late');
    const init = service.initiate(
      alice,
      {
        hash: md5(md5(bytes)),
        size: 4,
        partSize: 1024,
        maxParts: 1,
        cause: '',
        name: 'alice/late.txt',
        contentType: '',
      },
      base,
    );
    if (init.instant) throw new Error('unexpected instant upload');
    const query = Object.fromEntries(init.upload.sign.parts[0]?.query.map((q) => [q.key, q.values[0]]) ?? []);
    clock.now += 20 * 60_000;
    expect(() => service.checkPartRequest(init.upload.uploadID, query)).toThrow(PartRejected);
    clock.now += 25 * 3_600_000;
    await expect(
      service.complete(
        alice,
        {
          uploadID: init.upload.uploadID,
          parts: [md5(bytes)],
          name: 'alice/late.txt',
          contentType: '',
          cause: '',
        },
        base,
      ),
    ).rejects.toMatchObject({ code: UPLOAD_EXPIRED });
    expect(await service.sweep()).toEqual({ uploads: 1, blobs: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM object_uploads').get()).toEqual({ n: 0 });
  });

  it("not even an admin completes another user's upload", async () => {
    const { service } = setup();
    const init = service.initiate(
      alice,
      {
        hash: md5(md5('x')),
        size: 1,
        partSize: 1024,
        maxParts: 1,
        cause: '',
        name: 'alice/x.txt',
        contentType: '',
      },
      base,
    );
    if (init.instant) throw new Error('unexpected instant upload');
    await expect(
      service.complete(
        admin,
        {
          uploadID: init.upload.uploadID,
          parts: [md5('x')],
          name: 'alice/x.txt',
          contentType: '',
          cause: '',
        },
        base,
      ),
    ).rejects.toMatchObject({ code: 1002 });
  });

  it('drops the old bytes when a name is replaced, keeps bytes another name still uses', async () => {
    const { service, db } = setup();
    await store(service, 'alice/a.txt', 'one');
    await store(service, 'alice/b.txt', 'one');
    await store(service, 'alice/a.txt', 'two');
    expect(db.prepare('SELECT COUNT(*) AS n FROM object_blobs').get()).toEqual({ n: 2 });
    await store(service, 'alice/b.txt', 'three');
    expect(db.prepare('SELECT COUNT(*) AS n FROM object_blobs').get()).toEqual({ n: 2 });
    const served = service.find('alice/a.txt');
    expect(served?.size).toBe(3);
  });
});
