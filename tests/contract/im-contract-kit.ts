import { RemoteError, type MessageEvent } from '@teamim/application';
import type { Message } from '@teamim/domain';
import { expect } from 'vitest';
import type { ImWorld, SignedIn } from './im-worlds';

/** The code a port call rejected with; fails when it resolves or rejects with something else. */
export async function codeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (e: unknown) {
    expect(e).toBeInstanceOf(RemoteError);
    return (e as RemoteError).code;
  }
  throw new Error('expected the call to be rejected');
}

/** Collects everything a stream emits until `stop()`. */
export function recorder<T>(stream: { subscribe(next: (value: T) => void): { unsubscribe(): void } }): {
  readonly values: T[];
  stop(): void;
} {
  const values: T[] = [];
  const subscription = stream.subscribe((v) => values.push(v));
  return { values, stop: () => subscription.unsubscribe() };
}

export type MakeWorld = () => Promise<ImWorld>;

/** `a` asks `b`, `b` accepts; resolves once both friend lists show the other. */
export async function befriend(world: ImWorld, a: SignedIn, b: SignedIn): Promise<void> {
  await a.contacts.addFriend(b.user.userID, 'hi');
  await world.eventually(async () => {
    const pending = await b.contacts.getReceivedFriendApplications();
    expect(pending.map((p) => p.fromUserID)).toContain(a.user.userID);
  });
  await b.contacts.acceptFriendApplication(a.user.userID, '');
  await world.eventually(async () => {
    expect((await a.contacts.getFriendsPage(0, 100)).map((f) => f.userID)).toContain(b.user.userID);
    expect((await b.contacts.getFriendsPage(0, 100)).map((f) => f.userID)).toContain(a.user.userID);
  });
}

/** Creates and sends a text message; returns the server-acknowledged copy. */
export async function sendText(from: SignedIn, to: SignedIn, text: string): Promise<Message> {
  const draft = await from.messages.create({ kind: 'text', text });
  return from.messages.send(draft, { recvID: to.user.userID, groupID: '' });
}

/** Messages a `messages.events$` recorder has received so far. */
export function receivedOf(values: readonly MessageEvent[]): Message[] {
  return values.flatMap((e) => (e.type === 'received' ? e.messages : []));
}
