import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, singleConversationID } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { PickedFile } from '../../ports/file-processor.port';
import type { MediaProber } from './media-upload.view-model';
import { pictureGallery, type MediaBubbleBody } from './media-body';
import type { MessageView } from './rows';

async function chatting(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  await alice.conversations.open('bob', SessionType.Single);
  await bob.conversations.open('alice', SessionType.Single);
  await world.settle();
  return { world, alice, bob };
}

const picked = (name: string, mimeType: string, size = 1000): PickedFile => ({
  name,
  mimeType,
  size,
  handle: null,
});
const poster = picked('poster.png', 'image/png', 10);
const probe: MediaProber = (_file, kind) =>
  Promise.resolve(
    kind === 'picture'
      ? { width: 800, height: 600, duration: 0 }
      : { width: 640, height: 360, duration: 75, snapshot: poster },
  );

async function bodies(client: TestClient): Promise<MediaBubbleBody[]> {
  const vm = client.viewModels.chat(singleConversationID('alice', 'bob'));
  const state = await firstValueFrom(vm.state$);
  const views = state.status === 'open' ? state.messages : [];
  return views.flatMap((v: MessageView) => (v.kind === 'bubble' ? [v.body as MediaBubbleBody] : []));
}

describe('MediaUploadViewModel (spec §2 composer uploads, §5 files)', () => {
  it('refuses a folder and active content with the spec errors, and sends nothing', async () => {
    const { alice } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    const folder = await vm.send([{ file: picked('photos', '', 0), isDirectory: true }], probe);
    expect(folder.ok).toBe(false);
    expect(vm.state.notice).toEqual({ kind: 'i18n', i18nKey: 'validation.file.folder' });
    await vm.send([{ file: picked('x.svg', 'image/svg+xml') }], probe);
    expect(vm.state.notice).toEqual({ kind: 'i18n', i18nKey: 'validation.file.unsupportedType' });
    expect(alice.chat.snapshot.messages).toEqual([]);
    vm.dismiss();
    expect(vm.state.notice).toBeUndefined();
  });

  it('refuses more than nine files at once', async () => {
    const { alice } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    const ten = Array.from({ length: 10 }, (_, i) => ({ file: picked(`${i}.txt`, 'text/plain') }));
    expect((await vm.send(ten, probe)).ok).toBe(false);
    expect(vm.state.notice).toMatchObject({ i18nKey: 'validation.file.selectionLimit', params: { max: 9 } });
  });

  it('sends the acceptable files of a mixed drop and names the refused one', async () => {
    const { world, alice, bob } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    await vm.send(
      [{ file: picked('a.html', 'text/html') }, { file: picked('notes.txt', 'text/plain', 2048) }],
      probe,
    );
    await world.settle();
    expect(vm.state.notice).toEqual({ kind: 'i18n', i18nKey: 'validation.file.unsupportedType' });
    const got = bob.chat.snapshot.messages.at(-1);
    expect(got?.contentType).toBe(ContentType.File);
    expect(await bodies(bob)).toEqual([
      expect.objectContaining({
        kind: 'file',
        name: 'notes.txt',
        size: '2 KB',
        category: 'text',
        progress: undefined,
      }),
    ]);
  });

  it('a picture shows at once with the local preview and its progress, then the uploaded copy', async () => {
    const { world, alice, bob } = await chatting();
    const device = alice.ports.device.messages;
    device.holdSends = true;
    const vm = alice.viewModels.mediaUpload();
    const sending = vm.send([{ file: picked('cat.png', 'image/png') }], probe);
    await world.settle();
    const [first] = await bodies(alice);
    expect(first).toMatchObject({ kind: 'picture', width: 200, height: 150, progress: 0 });
    expect(first?.kind === 'picture' && first.src).toMatch(/^blob:fake\//);
    const id = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';
    device.reportUploadProgress(id, 42);
    expect((await bodies(alice))[0]).toMatchObject({ progress: 42 });
    device.releaseHeldSends();
    await sending;
    await world.settle();
    const [done] = await bodies(alice);
    expect(done).toMatchObject({ kind: 'picture', progress: undefined });
    expect(done?.kind === 'picture' && done.src).toMatch(/^https:\/\/files\.fake\//);
    const [received] = await bodies(bob);
    expect(received).toMatchObject({ kind: 'picture', width: 200, height: 150 });
    expect(bob.chat.snapshot.messages[0]?.localPreviewURL).toBeUndefined();
  });

  it('a failed upload stays in the list as failed and can be resent', async () => {
    const { world, alice, bob } = await chatting();
    const device = alice.ports.device.messages;
    device.failSendsWith = 1;
    const vm = alice.viewModels.mediaUpload();
    await vm.send([{ file: picked('clip.mp4', 'video/mp4') }], probe);
    const failed = alice.chat.snapshot.messages[0];
    expect(failed?.status).toBe(MessageStatus.Failed);
    expect(failed?.contentType).toBe(ContentType.Video);
    const [shown] = await bodies(alice);
    expect(shown?.kind === 'video' && shown.poster).toMatch(/^blob:/);
    device.failSendsWith = undefined;
    expect((await alice.chat.resend(failed?.clientMsgID ?? '')).ok).toBe(true);
    await world.settle();
    expect((await bodies(bob))[0]).toMatchObject({
      kind: 'video',
      duration: '1:15',
      width: 200,
      height: 113,
    });
  });

  it('a picture the platform cannot decode goes as a file', async () => {
    const { world, alice, bob } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    await vm.send([{ file: picked('broken.png', 'image/png') }], () => Promise.reject(new Error('decode')));
    await world.settle();
    expect(bob.chat.snapshot.messages[0]?.contentType).toBe(ContentType.File);
  });
});

describe('media bodies', () => {
  it('drop unsafe URLs and keep names as text; the gallery lists the pictures in order', async () => {
    const { world, alice, bob } = await chatting();
    await alice.chat.send({
      kind: 'file',
      file: picked('<img src=x onerror=alert(1)>.pdf', 'application/pdf'),
    });
    await alice.chat.send({ kind: 'picture', file: picked('a.png', 'image/png'), width: 10, height: 20 });
    await world.settle();
    const received = await bodies(bob);
    expect(received[0]).toMatchObject({
      kind: 'file',
      name: '<img src=x onerror=alert(1)>.pdf',
      category: 'pdf',
    });
    const vm = bob.viewModels.chat(singleConversationID('alice', 'bob'));
    const state = await firstValueFrom(vm.state$);
    const gallery = pictureGallery(state.status === 'open' ? state.messages : []);
    expect(gallery).toHaveLength(1);
    expect(gallery[0]).toMatchObject({ width: 10, height: 20 });
  });
});

describe('safeMediaURL', () => {
  it('keeps http(s) and same-origin paths, blob: only for local previews', async () => {
    const { safeMediaURL } = await import('./media-body');
    expect(safeMediaURL('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(safeMediaURL('/api/object/a.png')).toBe('/api/object/a.png');
    expect(safeMediaURL('//evil.test/a.png')).toBeUndefined();
    expect(safeMediaURL('javascript:alert(1)')).toBeUndefined();
    expect(safeMediaURL('data:image/svg+xml,<svg onload=alert(1)>')).toBeUndefined();
    expect(safeMediaURL('blob:https://app/1')).toBeUndefined();
    expect(safeMediaURL('blob:https://app/1', true)).toBe('blob:https://app/1');
  });
});
