import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { signedInFriends } from '../../testing';

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

async function pair() {
  const { world, alice, bob } = await signedInFriends();
  const conversationID = value(await alice.conversations.open('bob', SessionType.Single)).conversationID;
  value(await bob.conversations.open('alice', SessionType.Single));
  await world.settle();
  return { world, alice, bob, conversationID };
}

describe('QuoteDraftViewModel (spec §2 "quote", §3 quote block)', () => {
  it('holds no quote until one is set, and none again after it is cleared', async () => {
    const { world, alice, conversationID } = await pair();
    const draft = alice.viewModels.quoteDraft(conversationID);
    expect(draft.state).toStrictEqual({ quote: undefined });
    const own = value(await alice.chat.sendText('mine'));
    alice.services.chatFocus.setQuote(conversationID, own);
    await world.settle();
    expect(draft.clear()).toBe(true);
    expect(draft.state).toStrictEqual({ quote: undefined });
  });

  it('an own message is quoted as "You", in the chosen language, and follows a change of language', async () => {
    const { world, alice, conversationID } = await pair();
    alice.settings.setLocale('en-US');
    const draft = alice.viewModels.quoteDraft(conversationID);
    const own = value(await alice.chat.sendText('see  you\nlater'));
    alice.services.chatFocus.setQuote(conversationID, own);
    await world.settle();
    expect(draft.state).toStrictEqual({
      quote: {
        id: own.clientMsgID,
        author: 'You',
        excerpt: 'see you later',
        caption: 'quote You: see you later',
      },
    });
    alice.settings.setLocale('zh-CN');
    expect(draft.state.quote?.caption).toBe('引用 你：see you later');
  });

  it("another user's message is quoted under their name; a quote of another conversation is not shown", async () => {
    const { world, alice, bob, conversationID } = await pair();
    alice.settings.setLocale('en-US');
    const draft = alice.viewModels.quoteDraft(conversationID);
    const theirs = value(await bob.chat.sendText('lunch?'));
    await world.settle();
    alice.services.chatFocus.setQuote('another-conversation', theirs);
    expect(draft.state).toStrictEqual({ quote: undefined });
    alice.services.chatFocus.setQuote(conversationID, theirs);
    expect(draft.state).toStrictEqual({
      quote: { id: theirs.clientMsgID, author: 'Bob', excerpt: 'lunch?', caption: 'quote Bob: lunch?' },
    });
  });

  it('before the own user is known, a quote still names its sender', async () => {
    const { world, bob } = await pair();
    const theirs = value(await bob.chat.sendText('hello'));
    const notLoggedIn = world.opened('alice');
    notLoggedIn.settings.setLocale('en-US');
    const draft = notLoggedIn.viewModels.quoteDraft('c1');
    notLoggedIn.services.chatFocus.setQuote('c1', theirs);
    expect(draft.state).toStrictEqual({
      quote: { id: theirs.clientMsgID, author: 'Bob', excerpt: 'hello', caption: 'quote Bob: hello' },
    });
  });
});
