import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import type { ServerConfig } from '../config';
import { type ApiEnvelope, api, registerUsers } from '../testing/client';

/** Element `i`, which the test knows exists. */
function at(list: readonly Buffer[], i: number): Buffer {
  const b = list[i];
  if (!b) throw new Error(`no element ${i}`);
  return b;
}
const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');
const PART = 4096;

interface KeyValues {
  key: string;
  values: string[];
}
interface SignParts {
  url: string;
  query: KeyValues[];
  header: KeyValues[];
  parts: { partNumber: number; url: string; query: KeyValues[]; header: KeyValues[] }[];
}
interface Initiated {
  url: string;
  upload: { uploadID: string; partSize: number; expireTime: number; sign: SignParts } | null;
}

/** What the SDK computes before initiating: its part split, the part MD5s and their joint hash. */
function plan(bytes: Buffer, partSize = PART) {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += partSize) parts.push(bytes.subarray(i, i + partSize));
  const partMd5s = parts.map((p) => md5(p));
  return { parts, partMd5s, hash: md5(partMd5s.join(',')) };
}

/** The PUT URL the SDK builds from a sign: part.url || sign.url, sign.query then part.query. */
function partUrl(sign: SignParts, partNumber: number): string {
  const part = sign.parts.find((p) => p.partNumber === partNumber);
  if (!part) throw new Error(`part ${partNumber} not signed`);
  const url = new URL(part.url || sign.url);
  for (const kv of [...sign.query, ...part.query]) {
    url.searchParams.delete(kv.key);
    for (const v of kv.values) url.searchParams.append(kv.key, v);
  }
  return url.href;
}

async function initiate(
  s: RunningServer,
  token: string,
  name: string,
  bytes: Buffer,
  contentType = 'image/png',
  extra: Record<string, unknown> = {},
): Promise<ApiEnvelope<Initiated> & { plan: ReturnType<typeof plan> }> {
  const p = plan(bytes);
  const r = await api<Initiated>(
    s,
    '/object/initiate_multipart_upload',
    {
      hash: p.hash,
      size: bytes.length,
      partSize: PART,
      maxParts: Math.min(20, p.parts.length),
      cause: 'msg-picture',
      name,
      contentType,
      urlPrefix: '',
      ...extra,
    },
    token,
  );
  return { ...r, plan: p };
}

/** The whole SDK flow; returns the final URL. */
async function upload(
  s: RunningServer,
  token: string,
  name: string,
  bytes: Buffer,
  contentType = 'image/png',
) {
  const init = await initiate(s, token, name, bytes, contentType);
  expect(init.errCode, init.errMsg).toBe(0);
  const upload = init.data?.upload;
  if (!upload) return init.data?.url ?? '';
  for (let i = 0; i < init.plan.parts.length; i++) {
    const res = await fetch(partUrl(upload.sign, i + 1), { method: 'PUT', body: at(init.plan.parts, i) });
    expect(res.status).toBe(200);
  }
  const done = await api<{ url: string }>(
    s,
    '/object/complete_multipart_upload',
    {
      uploadID: upload.uploadID,
      parts: init.plan.partMd5s,
      name,
      contentType,
      cause: 'msg-picture',
      urlPrefix: '',
    },
    token,
  );
  expect(done.errCode, done.errMsg).toBe(0);
  return done.data?.url ?? '';
}

function startServer(extra: Partial<ServerConfig> = {}) {
  return createServer({
    memory: true,
    port: 0,
    logLevel: 'silent',
    objectPartSize: PART,
    objectMaxBytes: 64 * 1024,
    ...extra,
  });
}

describe('object storage over HTTP (memory mode)', () => {
  let s: RunningServer;
  let t: Record<string, string>;
  beforeAll(async () => {
    s = await startServer();
    t = await registerUsers(s, ['alice', 'bob']);
  });
  afterAll(async () => {
    await s.close();
  });

  it('part_limit hands out the configured part size', async () => {
    const r = await api(s, '/object/part_limit', {}, t['alice']);
    expect(r).toMatchObject({
      errCode: 0,
      data: { minPartSize: PART, maxPartSize: PART, maxNumSize: 10000 },
    });
  });

  it('uploads in several parts and serves the bytes back with the content type', async () => {
    const bytes = randomBytes(PART * 2 + 123);
    const url = await upload(s, t['alice'] ?? '', 'alice/msg_picture_1.png', bytes);
    expect(url).toBe(`${s.url}/api/object/alice/msg_picture_1.png`);
    const res = await fetch(`${url}?type=image&width=640&height=640`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('initiate signs the first maxParts parts and auth_sign signs later ones', async () => {
    const bytes = randomBytes(PART * 3);
    const init = await initiate(s, t['alice'] ?? '', 'alice/msg_video_2.mp4', bytes, 'video/mp4', {
      maxParts: 1,
    });
    const up = init.data?.upload;
    expect(up?.partSize).toBe(PART);
    expect(up?.expireTime).toBeGreaterThan(Date.now() + 3_600_000);
    expect(up?.sign.parts.map((p) => p.partNumber)).toEqual([1]);
    const signed = await api<SignParts>(
      s,
      '/object/auth_sign',
      { uploadID: up?.uploadID, partNumbers: [2, 3] },
      t['alice'],
    );
    expect(signed.errCode).toBe(0);
    expect(signed.data?.parts.map((p) => p.partNumber)).toEqual([2, 3]);
    const outOfRange = await api(
      s,
      '/object/auth_sign',
      { uploadID: up?.uploadID, partNumbers: [4] },
      t['alice'],
    );
    expect(outOfRange).toMatchObject({ errCode: 1001 });
    expect(outOfRange.errMsg).toContain('out of range');
    const foreign = await api(s, '/object/auth_sign', { uploadID: up?.uploadID, partNumbers: [2] }, t['bob']);
    expect(foreign).toMatchObject({ errCode: 1002 });
  });

  it('answers an instant upload when the same bytes are already stored', async () => {
    const bytes = randomBytes(PART + 1);
    await upload(s, t['alice'] ?? '', 'alice/msg_file_3/report.pdf', bytes, 'application/pdf');
    const again = await initiate(s, t['bob'] ?? '', 'bob/msg_file_4/copy.pdf', bytes, 'application/pdf');
    expect(again.data).toEqual({ url: `${s.url}/api/object/bob/msg_file_4/copy.pdf`, upload: null });
    const res = await fetch(again.data?.url ?? '');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves names with spaces and Unicode through percent-encoded URLs', async () => {
    const bytes = Buffer.from('hello, file');
    const url = await upload(
      s,
      t['alice'] ?? '',
      'alice/msg_file_5/季度 报告.txt',
      bytes,
      'text/plain; charset=utf-8',
    );
    expect(url).toBe(`${s.url}/api/object/alice/msg_file_5/${encodeURIComponent('季度 报告.txt')}`);
    const res = await fetch(url);
    expect(await res.text()).toBe('hello, file');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('季度 报告.txt')}`,
    );
  });

  it('stores only the essence and charset of the content type', async () => {
    const url = await upload(
      s,
      t['alice'] ?? '',
      'alice/ct.png',
      Buffer.from('png'),
      'IMAGE/PNG; x=1\r\nSet-Cookie: a=b',
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('set-cookie')).toBeNull();
    const text = await upload(
      s,
      t['alice'] ?? '',
      'alice/ct.txt',
      Buffer.from('t'),
      'text/plain;Charset="UTF-8"',
    );
    expect((await fetch(text)).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('offers non-media types as attachments', async () => {
    const url = await upload(
      s,
      t['alice'] ?? '',
      'alice/msg_file_6/a.zip',
      Buffer.from('PK zip'),
      'application/zip',
    );
    const res = await fetch(url);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="a.zip"/);
  });

  describe('range requests', () => {
    const bytes = randomBytes(1000);
    let url = '';
    beforeAll(async () => {
      url = await upload(s, t['alice'] ?? '', 'alice/msg_video_7.mp4', bytes, 'video/mp4');
    });
    const get = (range?: string) => fetch(url, range ? { headers: { range } } : {});

    it('bytes=a-b gives 206 with exactly those bytes', async () => {
      const res = await get('bytes=10-19');
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe('bytes 10-19/1000');
      expect(res.headers.get('content-length')).toBe('10');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    });
    it('open-ended and suffix ranges', async () => {
      const open = await get('bytes=990-');
      expect(open.status).toBe(206);
      expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(990))).toBe(true);
      const suffix = await get('bytes=-5');
      expect(suffix.headers.get('content-range')).toBe('bytes 995-999/1000');
      expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(995))).toBe(true);
      const clipped = await get('bytes=900-5000');
      expect(clipped.headers.get('content-range')).toBe('bytes 900-999/1000');
    });
    it('a range past the end gives 416 with the size', async () => {
      const res = await get('bytes=1000-1010');
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */1000');
      await res.arrayBuffer();
    });
    it('no or unsupported Range headers give the whole object', async () => {
      for (const range of [undefined, 'bytes=0-1,5-6', 'items=0-1']) {
        const res = await get(range);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });
    it('HEAD gives the headers without the body', async () => {
      const res = await fetch(url, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe('1000');
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    });
    it('a matching If-None-Match gives 304', async () => {
      const etag = (await get()).headers.get('etag') ?? '';
      const res = await fetch(url, { headers: { 'if-none-match': etag } });
      expect(res.status).toBe(304);
    });
  });

  it('a missing object is 404 with the envelope', async () => {
    const res = await fetch(`${s.url}/api/object/alice/nothing-here.png`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errCode: 1004 });
  });

  describe('refusals', () => {
    it.each([
      ['../bob/x.png', '".." segments'],
      ['alice/../../etc/passwd', '".." segments'],
      ['/alice/x.png', 'must not start with "/"'],
      ['alice/./x.png', '"." or ".."'],
      ['alice//x.png', 'empty segments'],
      ['alice\\..\\x.png', 'backslashes'],
      ['alice/x\u0000.png', 'control characters'],
      ['bob/x.png', 'must start with "alice/"'],
      ['x.png', 'must start with "alice/"'],
      ['', 'must not be empty'],
    ])('refuses the name %j', async (name, why) => {
      const r = await initiate(s, t['alice'] ?? '', name, Buffer.from('x'));
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain(why);
    });

    it('refuses files over the size limit, naming the limit', async () => {
      const r = await initiate(
        s,
        t['alice'] ?? '',
        'alice/big.mp4',
        Buffer.alloc(64 * 1024 + 1),
        'video/mp4',
      );
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain('file too large');
      expect(r.errMsg).toContain('65537 bytes, the limit is 64 KiB');
    });

    it.each([
      'text/html',
      'image/svg+xml',
      'application/javascript',
      'TEXT/HTML; charset=utf-8',
      'message/rfc822',
    ])('refuses the content type %s', async (type) => {
      const r = await initiate(s, t['alice'] ?? '', 'alice/page.bin', Buffer.from('<b>x</b>'), type);
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toMatch(/content type .* is not accepted/);
    });

    it('refuses a part size other than the one handed out', async () => {
      const r = await initiate(s, t['alice'] ?? '', 'alice/p.png', Buffer.from('x'), 'image/png', {
        partSize: PART * 2,
      });
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain(`partSize must be ${PART}`);
    });

    it('requires a token and valid fields', async () => {
      expect((await api(s, '/object/part_limit', {})).errCode).toBe(1001);
      expect((await api(s, '/object/part_limit', {}, 'not-a-token')).errCode).toBe(1503);
      const r = await api(
        s,
        '/object/initiate_multipart_upload',
        { hash: 'xyz', size: -1, name: 3 },
        t['alice'],
      );
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain('hash');
      const malformed = await api(s, '/object/initiate_multipart_upload', '{"hash": ', t['alice']);
      expect(malformed.errCode).toBe(1001);
      expect(malformed.errMsg).toContain('bad request');
      for (const body of [[], 'null', { uploadID: '../../x', parts: ['a'] }, { uploadID: 5 }])
        expect((await api(s, '/object/complete_multipart_upload', body, t['alice'])).errCode).toBe(1001);
    });
  });

  describe('completing', () => {
    async function started(name = 'alice/c.png', bytes = randomBytes(PART + 10)) {
      const init = await initiate(s, t['alice'] ?? '', name, bytes);
      const up = init.data?.upload;
      if (!up) throw new Error('expected an upload');
      return { up, plan: init.plan, bytes, name };
    }
    const complete = (token: string | undefined, body: Record<string, unknown>) =>
      api<{ url: string }>(
        s,
        '/object/complete_multipart_upload',
        { contentType: 'image/png', cause: '', ...body },
        token,
      );
    const putAll = async (up: NonNullable<Initiated['upload']>, parts: Buffer[]) => {
      for (let i = 0; i < parts.length; i++)
        expect((await fetch(partUrl(up.sign, i + 1), { method: 'PUT', body: at(parts, i) })).status).toBe(
          200,
        );
    };

    it("only the uploader's token can complete an upload", async () => {
      const { up, plan: p, name } = await started();
      await putAll(up, p.parts);
      const stolen = await complete(t['bob'], {
        uploadID: up.uploadID,
        parts: p.partMd5s,
        name: 'bob/c.png',
      });
      expect(stolen.errCode).toBe(1002);
      expect(stolen.errMsg).toContain('belongs to another user');
      const own = await complete(t['alice'], { uploadID: up.uploadID, parts: p.partMd5s, name });
      expect(own.errCode).toBe(0);
      const twice = await complete(t['alice'], { uploadID: up.uploadID, parts: p.partMd5s, name });
      expect(twice.errCode).toBe(1004);
    });

    it('rejects part hashes that do not match the hash given at initiate', async () => {
      const { up, plan: p, name } = await started('alice/d.png');
      await putAll(up, p.parts);
      const r = await complete(t['alice'], { uploadID: up.uploadID, parts: [...p.partMd5s].reverse(), name });
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain('checksum mismatch');
      expect((await fetch(`${s.url}/api/object/${name}`)).status).toBe(404);
    });

    it('rejects an upload whose received bytes differ from the declared part hashes', async () => {
      const { up, plan: p, name } = await started('alice/e.png');
      const tampered = Buffer.from(p.parts[0] ?? Buffer.alloc(0));
      tampered[0] = (tampered[0] ?? 0) ^ 0xff;
      await putAll(up, [tampered, ...p.parts.slice(1)]);
      const r = await complete(t['alice'], { uploadID: up.uploadID, parts: p.partMd5s, name });
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain('checksum mismatch in part 1');
    });

    it('rejects completion with parts missing', async () => {
      const { up, plan: p, name } = await started('alice/f.png');
      await putAll(up, p.parts.slice(0, 1));
      const r = await complete(t['alice'], { uploadID: up.uploadID, parts: p.partMd5s, name });
      expect(r.errCode).toBe(1001);
      expect(r.errMsg).toContain('part 2 of upload');
      const wrongCount = await complete(t['alice'], {
        uploadID: up.uploadID,
        parts: p.partMd5s.slice(0, 1),
        name,
      });
      expect(wrongCount.errMsg).toContain('has 2 parts');
    });

    it('part PUTs need a valid signature and the exact part size', async () => {
      const { up, plan: p } = await started('alice/g.png');
      const good = new URL(partUrl(up.sign, 1));
      const forged = new URL(good);
      forged.searchParams.set('partNumber', '2');
      expect((await fetch(forged, { method: 'PUT', body: at(p.parts, 1) })).status).toBe(403);
      const unsigned = new URL(good);
      unsigned.search = '';
      expect((await fetch(unsigned, { method: 'PUT', body: at(p.parts, 0) })).status).toBe(400);
      const short = await fetch(good, { method: 'PUT', body: Buffer.alloc(10) });
      expect(short.status).toBe(400);
      expect(((await short.json()) as { errMsg: string }).errMsg).toContain(`must be ${PART} bytes`);
      const tooBig = await fetch(good, { method: 'PUT', body: Buffer.alloc(PART + 1) });
      expect(tooBig.status).toBe(413);
      await tooBig.arrayBuffer();
      const typed = await fetch(good, {
        method: 'PUT',
        body: at(p.parts, 0),
        headers: { 'content-type': 'application/json' },
      });
      expect(typed.status).toBe(200);
    });

    it('re-uploading a name replaces its content', async () => {
      await upload(s, t['alice'] ?? '', 'alice/avatar.png', Buffer.from('first'));
      const url = await upload(s, t['alice'] ?? '', 'alice/avatar.png', Buffer.from('second'));
      expect(await (await fetch(url)).text()).toBe('second');
    });

    it('access_url answers for stored objects only', async () => {
      await upload(s, t['alice'] ?? '', 'alice/h.png', Buffer.from('h'));
      const r = await api<{ url: string; expireTime: number }>(
        s,
        '/object/access_url',
        { name: 'alice/h.png' },
        t['bob'],
      );
      expect(r.data?.url).toBe(`${s.url}/api/object/alice/h.png`);
      expect((await api(s, '/object/access_url', { name: 'alice/none.png' }, t['bob'])).errCode).toBe(1004);
    });
  });

  it('answers CORS pre-flights of the part PUT', async () => {
    const res = await fetch(`${s.url}/api/object-upload/${'0'.repeat(32)}?partNumber=1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'PUT' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
  });
});

describe('object storage on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'teamim-objects-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps objects across a restart, under <data-dir>/objects only', async () => {
    const bytes = randomBytes(PART * 2 + 5);
    let s = await startServer({ memory: false, dataDir: dir });
    const t = await registerUsers(s, ['carol']);
    const url = await upload(s, t['carol'] ?? '', 'carol/msg_picture_9.jpg', bytes, 'image/jpeg');
    await s.close();
    expect(readdirSync(dir).sort()).toEqual(expect.arrayContaining(['objects', 'teamim.sqlite']));
    expect(readdirSync(join(dir, 'objects', 'uploads'))).toEqual([]);
    s = await startServer({ memory: false, dataDir: dir });
    try {
      const res = await fetch(url.replace(/^http:\/\/[^/]+/, s.url));
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe('object limits configuration', () => {
  it('uses the configured public base URL and content type lists', async () => {
    const s = await startServer({
      objectBaseUrl: 'https://im.example.com/api/',
      objectAllowedTypes: ['image/png'],
      objectDeniedTypes: [],
    });
    try {
      const t = await registerUsers(s, ['dave']);
      const init = await initiate(s, t['dave'] ?? '', 'dave/x.png', Buffer.from('png'));
      expect(init.data?.upload?.sign.url).toMatch(
        /^https:\/\/im\.example\.com\/api\/object-upload\/[0-9a-f]{32}$/,
      );
      const jpeg = await initiate(s, t['dave'] ?? '', 'dave/x.jpg', Buffer.from('jpg'), 'image/jpeg');
      expect(jpeg.errMsg).toContain('allowed: image/png');
    } finally {
      await s.close();
    }
  });

  it('accepts parts larger than the JSON body limit', async () => {
    const partSize = 1536 * 1024;
    const s = await startServer({
      objectPartSize: partSize,
      objectMaxBytes: 4 * 1024 * 1024,
      maxBodyBytes: 1024 * 1024,
    });
    try {
      const t = await registerUsers(s, ['erin']);
      const bytes = randomBytes(partSize + 100);
      const p = plan(bytes, partSize);
      const init = await api<Initiated>(
        s,
        '/object/initiate_multipart_upload',
        {
          hash: p.hash,
          size: bytes.length,
          partSize,
          maxParts: 2,
          cause: '',
          name: 'erin/v.mp4',
          contentType: 'video/mp4',
        },
        t['erin'],
      );
      const up = init.data?.upload;
      if (!up) throw new Error(init.errMsg);
      for (let i = 0; i < p.parts.length; i++)
        expect((await fetch(partUrl(up.sign, i + 1), { method: 'PUT', body: at(p.parts, i) })).status).toBe(
          200,
        );
      const done = await api<{ url: string }>(
        s,
        '/object/complete_multipart_upload',
        { uploadID: up.uploadID, parts: p.partMd5s, name: 'erin/v.mp4', contentType: 'video/mp4', cause: '' },
        t['erin'],
      );
      const res = await fetch(done.data?.url ?? '');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('refuses invalid limits at startup', async () => {
    await expect(startServer({ objectPartSize: 10 })).rejects.toThrow(/part size/);
    await expect(startServer({ objectAllowedTypes: ['not a type'] })).rejects.toThrow(/content type pattern/);
  });
});
