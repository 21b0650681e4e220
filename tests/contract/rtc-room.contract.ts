import { RemoteError, type RtcRoom } from '@teamim/application';
import type { CallAccessData, RoomConnectionState } from '@teamim/domain';
import { describe, expect, it } from 'vitest';

/** One media server; rooms created here can meet each other. */
export interface RtcWorld {
  createRoom(): RtcRoom;
  /** What the chat API's room access would hand out for this room and user. */
  access(roomID: string, userID: string): CallAccessData;
  /** What the local participant of `room` currently publishes. */
  published(room: RtcRoom): { readonly microphone: boolean; readonly camera: boolean };
  /** What `room` receives of the others in its room: `audio`, `video`, in any order, once each. */
  received(room: RtcRoom): readonly string[];
  /** Whether the devices `room` started (by `capture` or to publish) still run: a camera's light is on. */
  capturing(room: RtcRoom): { readonly microphone: boolean; readonly camera: boolean };
}

function recordStates(room: RtcRoom): RoomConnectionState[] {
  const states: RoomConnectionState[] = [];
  room.state$.subscribe((s) => states.push(s));
  return states;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** Waits, through timers as well as microtasks, until `done` holds; fails after two seconds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the awaited event never came');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The RtcRoom contract (spec §7 call media room): connection states, the missing-url error,
 * publishing and mute, and the other party leaving. Run against the in-memory room and the
 * LiveKit adapter (over a fake livekit-client Room, since no LiveKit server runs here).
 */
export function rtcRoomContract(side: string, makeWorld: () => RtcWorld): void {
  describe(`RtcRoom contract: ${side}`, () => {
    it('starts disconnected', () => {
      const world = makeWorld();
      expect(recordStates(world.createRoom())).toEqual(['disconnected']);
    });

    it("rejects a missing server url with 'no livekit url provided' and stays disconnected", async () => {
      const world = makeWorld();
      const room = world.createRoom();
      const states = recordStates(room);
      const { token } = world.access('r1', 'alice');
      const failure = room.connect('', token, { video: false });
      await expect(failure).rejects.toBeInstanceOf(RemoteError);
      await expect(failure).rejects.toThrow('no livekit url provided');
      expect(states).toEqual(['disconnected']);
    });

    it('goes through connecting to connected', async () => {
      const world = makeWorld();
      const room = world.createRoom();
      const states = recordStates(room);
      const { serverUrl, token } = world.access('r1', 'alice');
      await room.connect(serverUrl, token, { video: false });
      expect(states).toEqual(['disconnected', 'connecting', 'connected']);
    });

    it('rejects a token the server does not accept and ends disconnected', async () => {
      const world = makeWorld();
      const room = world.createRoom();
      const states = recordStates(room);
      const { serverUrl } = world.access('r1', 'alice');
      await expect(room.connect(serverUrl, 'not-a-token', { video: false })).rejects.toBeInstanceOf(
        RemoteError,
      );
      expect(states.at(-1)).toBe('disconnected');
    });

    it('publishes the microphone, and the camera only on a video call', async () => {
      const world = makeWorld();
      const voice = world.createRoom();
      const video = world.createRoom();
      const a = world.access('voice', 'alice');
      const b = world.access('video', 'bob');
      await voice.connect(a.serverUrl, a.token, { video: false });
      await video.connect(b.serverUrl, b.token, { video: true });
      expect(world.published(voice)).toEqual({ microphone: true, camera: false });
      expect(world.published(video)).toEqual({ microphone: true, camera: true });
    });

    it('mutes and unmutes the microphone and the camera', async () => {
      const world = makeWorld();
      const room = world.createRoom();
      const a = world.access('r1', 'alice');
      await room.connect(a.serverUrl, a.token, { video: true });
      await room.setMicrophoneEnabled(false);
      await room.setCameraEnabled(false);
      expect(world.published(room)).toEqual({ microphone: false, camera: false });
      await room.setMicrophoneEnabled(true);
      await room.setCameraEnabled(true);
      expect(world.published(room)).toEqual({ microphone: true, camera: true });
    });

    it('tells who left when the other party hangs up, and the leaver is disconnected', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const bob = world.createRoom();
      const left: string[] = [];
      alice.participantLeft$.subscribe((id) => left.push(id));
      const bobStates = recordStates(bob);
      const a = world.access('call-1', 'alice');
      const b = world.access('call-1', 'bob');
      await alice.connect(a.serverUrl, a.token, { video: false });
      await bob.connect(b.serverUrl, b.token, { video: false });
      await bob.disconnect();
      await settle();
      expect(left).toEqual(['bob']);
      expect(bobStates.at(-1)).toBe('disconnected');
    });

    it('disconnects itself when the other party leaves the one-to-one call', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const bob = world.createRoom();
      const aliceStates = recordStates(alice);
      const a = world.access('call-1', 'alice');
      const b = world.access('call-1', 'bob');
      await alice.connect(a.serverUrl, a.token, { video: true });
      await bob.connect(b.serverUrl, b.token, { video: true });
      expect(aliceStates.at(-1)).toBe('connected');
      await bob.disconnect();
      await settle();
      expect(aliceStates.at(-1)).toBe('disconnected');
    });

    it('does not hear about people in other rooms', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const bob = world.createRoom();
      const carol = world.createRoom();
      const left: string[] = [];
      alice.participantLeft$.subscribe((id) => left.push(id));
      const a = world.access('call-1', 'alice');
      const b = world.access('call-1', 'bob');
      const c = world.access('call-2', 'carol');
      await alice.connect(a.serverUrl, a.token, { video: false });
      await bob.connect(b.serverUrl, b.token, { video: false });
      await carol.connect(c.serverUrl, c.token, { video: false });
      await carol.disconnect();
      // Bob leaves after carol: once alice has heard of him, a leak of carol's leaving would have come too.
      await bob.disconnect();
      await until(() => left.length > 0);
      expect(left).toEqual(['bob']);
    });

    it('while ringing: prepare joins nothing; join publishes nothing until the connect with its token', async () => {
      const world = makeWorld();
      const bob = world.createRoom();
      const bobStates = recordStates(bob);
      const b = world.access('call-1', 'bob');
      await bob.prepare(b.serverUrl, b.token);
      expect(bobStates).toEqual(['disconnected']);

      const alice = world.createRoom();
      const aliceStates = recordStates(alice);
      const a = world.access('call-1', 'alice');
      await alice.join(a.serverUrl, a.token);
      expect(aliceStates.at(-1)).toBe('connecting');
      expect(world.published(alice)).toEqual({ microphone: false, camera: false });

      await bob.connect(b.serverUrl, b.token, { video: true });
      await alice.connect(a.serverUrl, a.token, { video: true });
      expect([aliceStates.at(-1), bobStates.at(-1)]).toEqual(['connected', 'connected']);
      expect(world.published(alice)).toEqual({ microphone: true, camera: true });
      const left: string[] = [];
      alice.participantLeft$.subscribe((id) => left.push(id));
      await bob.disconnect();
      await until(() => left.length > 0);
      expect(left).toEqual(['bob']);
    });

    it('tells who entered the room: the callee answering reaches the inviter joined while ringing', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const joined: string[] = [];
      alice.participantJoined$.subscribe((id) => joined.push(id));
      const a = world.access('call-1', 'alice');
      await alice.join(a.serverUrl, a.token, 'bob');
      const elsewhere = world.createRoom();
      const c = world.access('call-2', 'carol');
      await elsewhere.connect(c.serverUrl, c.token, { video: false });
      const bob = world.createRoom();
      const b = world.access('call-1', 'bob');
      await bob.connect(b.serverUrl, b.token, { video: true });
      await until(() => joined.length > 0);
      expect(joined).toEqual(['bob']);
    });

    it('captured while ringing: nothing reaches the other side until the connect publishes it', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const a = world.access('call-1', 'alice');
      await alice.capture({ video: true });
      await alice.join(a.serverUrl, a.token, 'bob');
      expect(world.capturing(alice)).toEqual({ microphone: true, camera: true });
      const bob = world.createRoom();
      const b = world.access('call-1', 'bob');
      await bob.connect(b.serverUrl, b.token, { video: true });
      await settle();
      expect(world.published(alice)).toEqual({ microphone: false, camera: false });
      expect(world.received(bob)).toEqual([]);

      await alice.connect(a.serverUrl, a.token, { video: true });
      await until(() => world.received(bob).length === 2);
      expect([...world.received(bob)].sort()).toEqual(['audio', 'video']);
      expect(world.published(alice)).toEqual({ microphone: true, camera: true });
    });

    it('a voice call captures the microphone only', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      await alice.capture({ video: false });
      expect(world.capturing(alice)).toEqual({ microphone: true, camera: false });
    });

    it('disconnect stops what was captured, also a capture still starting', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const a = world.access('call-1', 'alice');
      await alice.capture({ video: true });
      await alice.join(a.serverUrl, a.token, 'bob');
      await alice.disconnect();
      expect(world.capturing(alice)).toEqual({ microphone: false, camera: false });

      const starting = alice.capture({ video: true });
      await alice.disconnect();
      await starting;
      expect(world.capturing(alice)).toEqual({ microphone: false, camera: false });
    });

    it('a room joined while ringing is left by disconnect', async () => {
      const world = makeWorld();
      const alice = world.createRoom();
      const states = recordStates(alice);
      const a = world.access('call-1', 'alice');
      await alice.join(a.serverUrl, a.token);
      await alice.disconnect();
      expect(states.at(-1)).toBe('disconnected');
    });

    it('disconnecting a room that is not connected does nothing', async () => {
      const world = makeWorld();
      const room = world.createRoom();
      const states = recordStates(room);
      await room.disconnect();
      expect(states).toEqual(['disconnected']);
    });
  });
}
