import { describe, expect, it } from 'vitest';
import { TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';

async function pair(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  return { world, alice, bob };
}

/** Counts the client's room access (token) requests. */
function countAccess(client: TestClient): { count: number } {
  const counter = { count: 0 };
  const request = client.ports.chatApi.getRoomAccess.bind(client.ports.chatApi);
  client.ports.chatApi.getRoomAccess = (roomID, userID) => {
    counter.count += 1;
    return request(roomID, userID);
  };
  return counter;
}

async function ringing(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient; roomID: string }> {
  const { world, alice, bob } = await pair();
  const invited = await alice.calls.invite('bob', 'video');
  await world.settle();
  if (!invited.ok) throw new Error('invite failed');
  return { world, alice, bob, roomID: invited.value.roomID };
}

describe('CallService: the room is made ready while the call rings, with nothing on air before the answer', () => {
  it('each side asks for the room access once, while ringing, and connects with it after the answer', async () => {
    const { world, alice, bob } = await pair();
    const aliceAccess = countAccess(alice);
    const bobAccess = countAccess(bob);
    const invited = await alice.calls.invite('bob', 'video');
    await world.settle();
    expect([aliceAccess.count, bobAccess.count]).toEqual([1, 1]);

    await bob.calls.accept();
    await world.settle();
    expect([alice.calls.snapshot.phase, bob.calls.snapshot.phase]).toEqual(['connected', 'connected']);
    expect([aliceAccess.count, bobAccess.count]).toEqual([1, 1]);
    const roomID = invited.ok ? invited.value.roomID : '';
    expect([alice.ports.rtcRoom.roomID, bob.ports.rtcRoom.roomID]).toEqual([roomID, roomID]);
  });

  it('the receiver prepares its connection while ringing, without joining; the inviter joins with nothing on air, receiving only the callee', async () => {
    const { world, alice, bob, roomID } = await ringing();

    expect(bob.ports.rtcRoom.preparations).toEqual([{ kind: 'prepare', token: `${roomID}|bob` }]);
    expect(bob.ports.rtcRoom.prepared).toBe(`${roomID}|bob`);
    expect(bob.ports.rtcRoom.roomID).toBeUndefined();
    // What bob publishes once he answers reaches alice without waiting for his Accept to travel.
    expect(alice.ports.rtcRoom.preparations).toEqual([
      { kind: 'join', token: `${roomID}|alice`, receiveFrom: 'bob' },
    ]);
    expect(alice.ports.rtcRoom.roomID).toBe(roomID);
    // In the room, but neither microphone nor camera is published before the answer.
    expect(alice.ports.rtcRoom.onAir).toBe(false);
    expect(world.backend.rtc.rooms.get(roomID)?.size).toBe(1);

    await bob.calls.accept();
    await world.settle();
    expect([alice.ports.rtcRoom.onAir, bob.ports.rtcRoom.onAir]).toEqual([true, true]);
    expect(world.backend.rtc.rooms.get(roomID)?.size).toBe(2);
  });

  it('a cancelled call leaves the joined room and drops the prepared one', async () => {
    const { world, alice, bob, roomID } = await ringing();
    await alice.calls.cancel();
    await world.settle();
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
    expect(bob.ports.rtcRoom.prepared).toBeUndefined();
    expect(world.backend.rtc.rooms.get(roomID)?.size ?? 0).toBe(0);
  });

  it('a rejected call leaves nothing joined or prepared on either side', async () => {
    const { world, alice, bob, roomID } = await ringing();
    await bob.calls.reject();
    await world.settle();
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
    expect(bob.ports.rtcRoom.prepared).toBeUndefined();
    expect(world.backend.rtc.rooms.get(roomID)?.size ?? 0).toBe(0);
  });

  it('an unanswered call leaves the room at the timeout', async () => {
    const { world, alice, bob, roomID } = await ringing();
    await world.advance(30_000);
    expect([alice.calls.snapshot.phase, bob.calls.snapshot.phase]).toEqual(['idle', 'idle']);
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
    expect(bob.ports.rtcRoom.prepared).toBeUndefined();
    expect(world.backend.rtc.rooms.get(roomID)?.size ?? 0).toBe(0);
  });

  it('a call answered on another device drops the room this device prepared', async () => {
    const { world, alice, bob } = await pair();
    const bobPhone = await world.signIn('bob');
    await alice.calls.invite('bob', 'video');
    await world.settle();
    expect(bob.ports.rtcRoom.prepared).toBeDefined();
    await bobPhone.calls.accept();
    await world.settle();
    expect(bob.calls.snapshot.phase).toBe('idle');
    expect(bob.ports.rtcRoom.prepared).toBeUndefined();
    expect(bob.ports.rtcRoom.roomID).toBeUndefined();
  });

  it('a call cancelled while the inviter was still joining leaves the room once the join is done', async () => {
    const { world, alice } = await pair();
    const room = alice.ports.rtcRoom;
    const join = room.join.bind(room);
    let release = (): void => undefined;
    room.join = (url, token) =>
      new Promise<void>((resolve) => {
        release = () => void join(url, token).then(resolve);
      });
    await alice.calls.invite('bob', 'video');
    await world.settle();
    await alice.calls.cancel();
    release();
    await world.settle();
    expect(room.preparations.map((p) => p.kind)).toEqual(['join']);
    expect(room.roomID).toBeUndefined();
    expect(room.onAir).toBe(false);
  });

  it('a join that fails while ringing is logged; the answer connects afresh', async () => {
    const { world, alice, bob } = await pair();
    alice.ports.rtcRoom.join = () => Promise.reject(new RemoteError(-2, 'unreachable'));
    await alice.calls.invite('bob', 'video');
    await world.settle();
    expect(alice.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'call room preparation failed',
      context: { code: -2 },
    });
    await bob.calls.accept();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect(alice.ports.rtcRoom.onAir).toBe(true);
  });

  it('the receiver enters the room while its Accept is still on its way', async () => {
    const { world, alice, bob, roomID } = await ringing();
    const send = bob.ports.callSignalling.send.bind(bob.ports.callSignalling);
    let deliver = (): void => undefined;
    bob.ports.callSignalling.send = (to, type, invitation) =>
      new Promise<void>((resolve) => {
        deliver = () => void send(to, type, invitation).then(resolve);
      });
    const answering = bob.calls.accept();
    await world.settle();
    expect(bob.ports.rtcRoom.roomID).toBe(roomID);
    expect(bob.ports.rtcRoom.onAir).toBe(true);
    expect(bob.calls.snapshot.phase).toBe('connecting');
    // The inviter has not had the Accept yet, but bob in the room is the answer: alice is on air.
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect(alice.ports.rtcRoom.onAir).toBe(true);
    const aliceJoins = alice.ports.rtcRoom.preparations.length;

    deliver();
    expect((await answering).ok).toBe(true);
    await world.settle();
    // The Accept that follows changes nothing on alice's side.
    expect([alice.calls.snapshot.phase, bob.calls.snapshot.phase]).toEqual(['connected', 'connected']);
    expect(alice.ports.rtcRoom.preparations).toHaveLength(aliceJoins);
    expect(alice.calls.snapshot.elapsedSeconds).toBe(0);
  });

  it('an Accept that cannot be sent leaves the room the receiver entered meanwhile', async () => {
    const { world, bob, roomID } = await ringing();
    bob.ports.callSignalling.send = () => Promise.reject(new RemoteError(1, 'offline'));
    expect((await bob.calls.accept()).ok).toBe(false);
    await world.settle();
    expect(bob.calls.snapshot.phase).toBe('idle');
    expect(bob.ports.rtcRoom.roomID).toBeUndefined();
    expect(bob.ports.rtcRoom.onAir).toBe(false);
    expect([...(world.backend.rtc.rooms.get(roomID) ?? [])].map((p) => p.userID)).not.toContain('bob');
  });

  it('a room access refused while ringing is asked for again at the answer', async () => {
    const { world, alice, bob } = await pair();
    const request = bob.ports.chatApi.getRoomAccess.bind(bob.ports.chatApi);
    let refusals = 1;
    bob.ports.chatApi.getRoomAccess = (roomID, userID) =>
      refusals-- > 0 ? Promise.reject(new RemoteError(2, 'busy')) : request(roomID, userID);
    await alice.calls.invite('bob', 'video');
    await world.settle();
    expect(bob.ports.rtcRoom.preparations).toEqual([]);
    expect((await bob.calls.accept()).ok).toBe(true);
    await world.settle();
    expect([alice.calls.snapshot.phase, bob.calls.snapshot.phase]).toEqual(['connected', 'connected']);
  });
});

describe('CallService: the inviter takes the callee entering the room as the answer', () => {
  it('someone else entering the room answers nothing', async () => {
    const { world, alice, roomID } = await ringing();
    const carol = await world.users('carol').signIn('carol');
    await carol.ports.rtcRoom.connect(world.backend.rtc.serverUrl, `${roomID}|carol`, { video: true });
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('waiting');
    expect(alice.ports.rtcRoom.onAir).toBe(false);
  });
});
