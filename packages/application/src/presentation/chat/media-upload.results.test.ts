import { describe, expect, it } from 'vitest';
import { ContentType, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { PickedFile } from '../../ports/file-processor.port';
import type { MediaProber } from './media-upload.view-model';

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
const probe: MediaProber = (_file, kind) =>
  Promise.resolve(
    kind === 'picture'
      ? { width: 800, height: 600, duration: 0 }
      : { width: 640, height: 360, duration: 75, snapshot: picked('poster.png', 'image/png', 10) },
  );

describe('MediaUploadViewModel: results and notices', () => {
  it('starts without a notice, and dismiss leaves none', async () => {
    const { alice } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    expect(vm.state).toStrictEqual({ notice: undefined });
    await vm.send([{ file: picked('a.html', 'text/html') }], probe);
    vm.dismiss();
    expect(vm.state).toStrictEqual({ notice: undefined });
  });

  it('an empty pick sends nothing and succeeds with no results', async () => {
    const { world, alice } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    expect(await vm.send([], probe)).toEqual({ ok: true, value: [] });
    await world.settle();
    expect(alice.chat.snapshot.messages).toEqual([]);
    expect(vm.state).toStrictEqual({ notice: undefined });
  });

  it('the selection limit notice names the limit', async () => {
    const { alice } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    const ten = Array.from({ length: 10 }, (_, i) => ({ file: picked(`${i}.txt`, 'text/plain') }));
    const sent = await vm.send(ten, probe);
    expect(sent.ok).toBe(false);
    expect(vm.state).toStrictEqual({
      notice: { kind: 'i18n', i18nKey: 'validation.file.selectionLimit', params: { max: 9 } },
    });
    expect(alice.chat.snapshot.messages).toEqual([]);
  });

  it('a mixed drop succeeds with one result per accepted file, in order, and names the refused one', async () => {
    const { world, alice, bob } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    const sent = await vm.send(
      [
        { file: picked('a.html', 'text/html') },
        { file: picked('notes.txt', 'text/plain') },
        { file: picked('b.pdf', 'application/pdf') },
      ],
      probe,
    );
    await world.settle();
    expect(sent.ok && sent.value.map((r) => r.ok && r.value.fileElem?.fileName)).toEqual([
      'notes.txt',
      'b.pdf',
    ]);
    expect(vm.state).toStrictEqual({ notice: { kind: 'i18n', i18nKey: 'validation.file.unsupportedType' } });
    expect(bob.chat.snapshot.messages.map((m) => m.fileElem?.fileName)).toEqual(['notes.txt', 'b.pdf']);
  });
});

describe('MediaUploadViewModel: what each file goes as', () => {
  it('a video without a poster goes as a file, with its name', async () => {
    const { world, alice, bob } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    await vm.send([{ file: picked('clip.mp4', 'video/mp4') }], () =>
      Promise.resolve({ width: 640, height: 360, duration: 9 }),
    );
    await world.settle();
    const got = bob.chat.snapshot.messages[0];
    expect(got?.contentType).toBe(ContentType.File);
    expect(got?.fileElem?.fileName).toBe('clip.mp4');
  });

  it('a video with a poster goes as a video with its size and duration', async () => {
    const { world, alice, bob } = await chatting();
    const vm = alice.viewModels.mediaUpload();
    await vm.send([{ file: picked('clip.mp4', 'video/mp4') }], probe);
    await world.settle();
    const got = bob.chat.snapshot.messages[0];
    expect(got?.contentType).toBe(ContentType.Video);
    expect(got?.videoElem).toMatchObject({ duration: 75, snapshotWidth: 640, snapshotHeight: 360 });
  });
});
