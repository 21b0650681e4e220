import { customPayloadOf, SessionType, type Conversation, type MeetingUpdateData } from '@teamim/domain';
import { TestWorld, type ClientOptions, type TestClient } from './harness';

export interface MeetingTeam {
  readonly world: TestWorld;
  readonly alice: TestClient;
  readonly bob: TestClient;
  /** The group as alice's list has it. */
  readonly chat: Conversation;
  readonly groupID: string;
}

/**
 * Alice and Bob, friends and signed in, in a group "team" that each has open: where the meeting tests
 * start. `prepare` runs on each client once signed in, before the group is made.
 */
export async function meetingTeam(
  options: {
    readonly alice?: ClientOptions;
    readonly bob?: ClientOptions;
    readonly prepare?: (client: TestClient) => Promise<void> | void;
  } = {},
): Promise<MeetingTeam> {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
  );
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice', options.alice);
  const bob = await world.signIn('bob', options.bob);
  for (const client of [alice, bob]) await options.prepare?.(client);
  const group = await alice.ports.groups.createGroup({
    groupName: 'team',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await bob.conversations.open(group.groupID, SessionType.Group);
  await world.settle();
  const chat = alice.conversations.currentConversation as Conversation;
  return { world, alice, bob, chat, groupID: group.groupID };
}

/** The meeting updates a client reads back from a conversation's history, oldest first. */
export async function meetingUpdatesIn(
  client: TestClient,
  conversationID: string,
): Promise<MeetingUpdateData[]> {
  const page = await client.ports.messages.getHistory(conversationID, '', 100);
  return page.messages.flatMap((m) => {
    const payload = customPayloadOf(m);
    return payload?.kind === 'meetingUpdate' ? [payload.update] : [];
  });
}
