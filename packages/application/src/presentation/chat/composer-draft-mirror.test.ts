import { describe, expect, it } from 'vitest';
import { draftMirrorKey, SessionType } from '@teamim/domain';
import { RemoteError } from '../../shared/remote-error';
import { TestWorld, type TestClient } from '../../testing';
import { DRAFT_SAVE_DELAY_MS } from './composer.view-model';

async function aliceWithBob(): Promise<{ world: TestWorld; alice: TestClient; id: string }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const opened = await alice.conversations.open('bob', SessionType.Single);
  if (!opened.ok) throw new Error('open failed');
  return { world, alice, id: opened.value.conversationID };
}

const sdkDraft = (alice: TestClient, id: string) =>
  alice.conversations.snapshot.find((c) => c.conversationID === id)?.draftText ?? '';

describe('ComposerViewModel: what was typed survives a page that goes before the SDK holds it', () => {
  it('a reload within the save pause finds the text, which then reaches the SDK', async () => {
    const { world, alice, id } = await aliceWithBob();
    const composer = alice.viewModels.composer(id);
    composer.change('typed just before the reload');
    // The page goes: nothing disposes the composer, and the SDK never got the draft.
    expect(sdkDraft(alice, id)).toBe('');

    const again = alice.viewModels.composer(id);
    expect(again.state.text).toBe('typed just before the reload');
    expect(again.state.canSend).toBe(true);
    await world.advance(DRAFT_SAVE_DELAY_MS);
    expect(sdkDraft(alice, id)).toBe('typed just before the reload');
    composer.dispose();
  });

  it('a draft the SDK refuses (not started yet) stays in the tab, and reaches the SDK once it accepts', async () => {
    const { world, alice, id } = await aliceWithBob();
    const accept = alice.ports.device.conversations.setDraft.bind(alice.ports.device.conversations);
    alice.ports.device.conversations.setDraft = () => Promise.reject(new RemoteError(10004, 'not ready'));
    const composer = alice.viewModels.composer(id);
    composer.change('while the SDK starts');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    expect(sdkDraft(alice, id)).toBe('');
    expect(alice.ports.sessionStore.get(draftMirrorKey(id))).toBe('while the SDK starts');

    alice.ports.device.conversations.setDraft = accept;
    const again = alice.viewModels.composer(id);
    expect(again.state.text).toBe('while the SDK starts');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    expect(sdkDraft(alice, id)).toBe('while the SDK starts');
    composer.dispose();
  });

  it('the copy outlives a draft the SDK accepted, and goes with a send or a sign-out', async () => {
    const { world, alice, id } = await aliceWithBob();
    const composer = alice.viewModels.composer(id);
    composer.change('sent after a pause');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    // The SDK's database may not reach the disk before the page goes: the tab keeps its copy.
    expect(sdkDraft(alice, id)).toBe('sent after a pause');
    expect(alice.ports.sessionStore.get(draftMirrorKey(id))).toBe('sent after a pause');
    await composer.send();
    await world.settle();
    expect(composer.state.text).toBe('');
    expect(alice.ports.sessionStore.get(draftMirrorKey(id))).toBeUndefined();

    composer.change('typed, then signed out');
    await alice.session.logout();
    expect(alice.ports.sessionStore.get(draftMirrorKey(id))).toBeUndefined();
  });
});
