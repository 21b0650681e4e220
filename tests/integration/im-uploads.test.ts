// Uploads: pictures, videos (with snapshot) and files go through the real SDK's /object upload
// flow (part_limit, initiate, signed part PUTs, complete) to @teamim/server, reach the receiver as
// messages, and the receiver downloads exactly the bytes that were sent. Bad uploads fail with the
// server's message.
import { randomFillSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receivedMessage } from '../support/scenario';
import { type SdkClient, SdkCallError, SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

/** Small parts so that the video below is a real multi-part upload (4 parts). */
const PART_SIZE = 64 * 1024;
const MAX_BYTES = 512 * 1024;

/** PNG signature + random body: the SDK only needs the bytes; the server only checks the declared type. */
function pngBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = random(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

const random = (size: number): Uint8Array<ArrayBuffer> => randomFillSync(new Uint8Array(size));

async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function sendAndReceive(
  a: SdkClient,
  b: SdkClient,
  message: Awaited<ReturnType<SdkClient['data']>>,
  toUserID: string,
) {
  const sent = await a.data('sendMessage', {
    recvID: toUserID,
    groupID: '',
    message: message as Parameters<SdkClient['sdk']['sendMessage']>[0]['message'],
  });
  return { sent, received: await receivedMessage(b, sent.clientMsgID, 30_000) };
}

describe('uploads through the real SDK', () => {
  let server: TestServer;
  let harness: SdkHarness;

  beforeAll(async () => {
    server = await startTestServer({ objectPartSize: PART_SIZE, objectMaxBytes: MAX_BYTES });
    harness = new SdkHarness(server);
  });
  afterEach(async () => {
    await harness.closeAll();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a picture, a video with snapshot and a file that the receiver downloads byte-identical', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);

    // Picture.
    const image = pngBytes(20_000);
    const picInfo = {
      uuid: 'pic-1',
      type: 'image/png',
      size: image.length,
      width: 320,
      height: 200,
      url: '',
    };
    const picture = await a.data('createImageMessageByFile', {
      sourcePath: '',
      sourcePicture: picInfo,
      bigPicture: picInfo,
      snapshotPicture: picInfo,
      file: new File([image], 'photo.png', { type: 'image/png' }),
    });
    const pic = await sendAndReceive(a, b, picture, bob.userID);
    const picUrl = pic.received.pictureElem?.sourcePicture.url ?? '';
    expect(picUrl).toMatch(new RegExp(`^${server.url}/api/object/${alice.userID}/`));
    const picDown = await download(picUrl);
    expect(picDown.status).toBe(200);
    expect(picDown.type).toBe('image/png');
    expect(picDown.bytes.equals(Buffer.from(image))).toBe(true);
    // The SDK derives the thumbnail URL by adding ?type=image&width=...; it must serve the same object.
    const snapDown = await download(pic.received.pictureElem?.snapshotPicture.url ?? '');
    expect(snapDown.status).toBe(200);
    expect(snapDown.bytes.length).toBe(image.length);

    // Video (4 parts of 64 KiB) with its snapshot.
    const video = random(PART_SIZE * 3 + 1234);
    const snapshot = pngBytes(5000);
    const videoMessage = await a.data('createVideoMessageByFile', {
      videoPath: '',
      duration: 3,
      videoType: 'video/mp4',
      snapshotPath: '',
      videoUUID: 'video-1',
      videoUrl: '',
      videoSize: video.length,
      snapshotUUID: 'snap-1',
      snapshotSize: snapshot.length,
      snapshotUrl: '',
      snapshotWidth: 160,
      snapshotHeight: 90,
      snapShotType: 'image/png',
      videoFile: new File([video], 'clip.mp4', { type: 'video/mp4' }),
      snapshotFile: new File([snapshot], 'clip.png', { type: 'image/png' }),
    });
    const vid = await sendAndReceive(a, b, videoMessage, bob.userID);
    const videoElem = vid.received.videoElem;
    const videoDown = await download(videoElem?.videoUrl ?? '');
    expect(videoDown.type).toBe('video/mp4');
    expect(videoDown.bytes.equals(Buffer.from(video))).toBe(true);
    const snapshotDown = await download(videoElem?.snapshotUrl ?? '');
    expect(snapshotDown.bytes.equals(Buffer.from(snapshot))).toBe(true);
    // Players seek with range requests.
    const ranged = await fetch(videoElem?.videoUrl ?? '', { headers: { range: 'bytes=65536-65545' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(video.subarray(65536, 65546)))).toBe(
      true,
    );

    // File with a name that needs encoding in the URL.
    const doc = random(3000);
    const fileMessage = await a.data('createFileMessageByFile', {
      filePath: '',
      fileName: 'Quarterly report 2026.pdf',
      uuid: 'file-1',
      sourceUrl: '',
      fileSize: doc.length,
      fileType: 'application/pdf',
      file: new File([doc], 'Quarterly report 2026.pdf', { type: 'application/pdf' }),
    });
    const file = await sendAndReceive(a, b, fileMessage, bob.userID);
    expect(file.received.fileElem?.fileName).toBe('Quarterly report 2026.pdf');
    const fileDown = await download(file.received.fileElem?.sourceUrl ?? '');
    expect(fileDown.status).toBe(200);
    expect(fileDown.bytes.equals(Buffer.from(doc))).toBe(true);
  });

  it('refuses an over-size file and a forbidden name or type with the server message', async () => {
    const { carol } = uniqueUsers('carol');
    await server.registerUsers([carol]);
    const c = await harness.loginSynced(carol.userID);
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => {
          throw new Error('expected the upload to fail');
        },
        (error: unknown) => error,
      );

    const big = new Uint8Array(MAX_BYTES + 1);
    const tooLarge = await failure(
      c.data('uploadFile', {
        name: 'big.bin',
        contentType: 'application/octet-stream',
        uuid: 'big-1',
        file: new File([big], 'big.bin'),
      }),
    );
    expect(tooLarge).toBeInstanceOf(SdkCallError);
    expect((tooLarge as SdkCallError).errMsg).toContain('file too large');

    const escape = await failure(
      c.data('uploadFile', {
        name: '../../etc/passwd',
        contentType: 'text/plain',
        uuid: 'escape-1',
        file: new File(['x'], 'passwd'),
      }),
    );
    expect((escape as SdkCallError).errMsg).toContain('".." segments');

    const html = await failure(
      c.data('uploadFile', {
        name: 'page.html',
        contentType: 'text/html',
        uuid: 'html-1',
        file: new File(['<script>alert(1)</script>'], 'page.html'),
      }),
    );
    expect((html as SdkCallError).errMsg).toContain('content type text/html is not accepted');

    // A good upload afterwards still works, under the user's own prefix.
    const ok = await c.data('uploadFile', {
      name: 'notes.txt',
      contentType: 'text/plain',
      uuid: 'ok-1',
      file: new File(['fine'], 'notes.txt'),
    });
    expect(ok.url).toBe(`${server.url}/api/object/${carol.userID}/notes.txt`);
    expect((await download(ok.url)).bytes.toString()).toBe('fine');
  });
});
