import { describe, expect, it } from 'vitest';
import { MEETING_LEAVE_GRACE_MS } from '@teamim/domain';
import { meetingJoinRequest, TestWorld, type TestClient } from '../../testing';
import {
  MeetingRoomViewModel,
  type MeetingRoomMedia,
  type MeetingRoomViewState,
} from './meeting-room.view-model';

const JOIN = meetingJoinRequest();

async function inMeeting(userID = 'alice'): Promise<{
  world: TestWorld;
  client: TestClient;
  state: () => MeetingRoomViewState;
  media: () => MeetingRoomMedia;
  vm: MeetingRoomViewModel;
}> {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  const client = await world.signIn(userID);
  const vm = client.viewModels.meetingRoom(MeetingRoomViewModel);
  let state: MeetingRoomViewState | undefined;
  let media: MeetingRoomMedia | undefined;
  vm.state$.subscribe((s) => (state = s));
  vm.media$.subscribe((m) => (media = m));
  return {
    world,
    client,
    vm,
    state: () => state as MeetingRoomViewState,
    media: () => media as MeetingRoomMedia,
  };
}

describe('MeetingRoomViewModel', () => {
  it('is closed outside a meeting, light while joining and dark once in', async () => {
    const { world, client, state } = await inMeeting();
    expect(state()).toMatchObject({ open: false, tiles: [] });
    const joining = client.meetings.join(JOIN);
    expect(state()).toMatchObject({ open: true, status: 'connecting', tone: 'light', title: 'Standup' });
    await joining;
    await world.settle();
    expect(state()).toMatchObject({ status: 'connected', tone: 'dark', isHost: true });
    client.ports.meetingRoom.reconnecting();
    expect(state().status).toBe('reconnecting');
  });

  it('shows a tile per participant, with names from the contact lookups, video or avatar, and mutes', async () => {
    const { world, client, state, media } = await inMeeting();
    await client.meetings.join(JOIN);
    const room = client.ports.meetingRoom;
    room.arrives('bob');
    room.arrives('carol');
    room.update('bob', { video: 'bob-cam', audio: 'bob-mic', cameraOff: false, microphoneMuted: false });
    await world.settle();
    expect(state().tiles.map((t) => [t.name, t.isSelf, t.hasVideo, t.microphoneMuted])).toEqual([
      ['Alice', true, true, false],
      ['Bob', false, true, false],
      ['Carol', false, false, true],
    ]);
    expect(media().videos.get('bob')).toBe('bob-cam');
    expect(media().audios).toEqual([{ userID: 'bob', track: 'bob-mic' }]);
    room.update('bob', { microphoneMuted: true });
    expect(state().tiles[1]?.microphoneMuted).toBe(true);
  });

  it("asks again for a name whose lookup failed, at the room's next change", async () => {
    const { world, client, state } = await inMeeting();
    await client.meetings.join(JOIN);
    await world.settle();
    client.ports.contacts.failUserLookups = 1;
    client.ports.meetingRoom.arrives('bob');
    await world.settle();
    expect(state().tiles.map((t) => t.name)).toEqual(['Alice', 'bob']);
    client.ports.meetingRoom.update('bob', { speaking: true });
    await world.settle();
    expect(state().tiles.map((t) => t.name)).toEqual(['Alice', 'Bob']);
  });

  it('opens with the names looked up while the meeting was on screen, and looks up nobody in the join', async () => {
    const { world, client, state } = await inMeeting();
    await client.services.meetingProfiles.lookUp(['alice', 'bob', 'carol']);
    const asked = client.ports.contacts.userLookups.length;
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    client.ports.meetingRoom.arrives('carol');
    expect(state().tiles.map((t) => t.name)).toEqual(['Alice', 'Bob', 'Carol']);
    await world.settle();
    expect(client.ports.contacts.userLookups.slice(asked)).toEqual([]);
  });

  it('marks the active speaker, preferring another participant over the own user', async () => {
    const { client, state } = await inMeeting();
    await client.meetings.join(JOIN);
    const room = client.ports.meetingRoom;
    room.arrives('bob');
    room.update('alice', { speaking: true });
    expect(state().activeSpeakerID).toBe('alice');
    room.update('bob', { speaking: true });
    expect(state().activeSpeakerID).toBe('bob');
    expect(
      state()
        .tiles.filter((t) => t.activeSpeaker)
        .map((t) => t.userID),
    ).toEqual(['bob']);
    room.update('bob', { speaking: false });
    room.update('alice', { speaking: false });
    expect(state().activeSpeakerID).toBeUndefined();
  });

  it('puts a shared screen first, as a tile of its own', async () => {
    const { client, state, media } = await inMeeting();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    client.ports.meetingRoom.update('bob', { screen: 'bob-screen' });
    expect(state().tiles.map((t) => t.key)).toEqual(['bob:screen', 'alice', 'bob']);
    expect(media().videos.get('bob:screen')).toBe('bob-screen');
    client.ports.meetingRoom.update('bob', { screen: undefined });
    expect(state().tiles.map((t) => t.key)).toEqual(['alice', 'bob']);
  });

  it('holds nine tiles a page and pages through the rest', async () => {
    const { client, state, vm } = await inMeeting();
    await client.meetings.join(JOIN);
    for (let i = 1; i <= 10; i += 1) client.ports.meetingRoom.arrives(`u${String(i)}`);
    expect(state()).toMatchObject({ page: 0, pageCount: 2 });
    expect(state().tiles).toHaveLength(9);
    expect(vm.previousPage().ok).toBe(false);
    expect(vm.nextPage().ok).toBe(true);
    expect(state().tiles.map((t) => t.userID)).toEqual(['u9', 'u10']);
    expect(vm.nextPage().ok).toBe(false);
    // People leave: the page that no longer exists gives way to the last one.
    client.ports.meetingRoom.leaves('u10');
    client.ports.meetingRoom.leaves('u9');
    expect(state()).toMatchObject({ page: 0, pageCount: 1 });
    expect(state().tiles).toHaveLength(9);
  });

  it('lists the participants with the host and their mutes, and opens and closes the list', async () => {
    const { world, client, state, vm } = await inMeeting('bob');
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('alice');
    await world.settle();
    expect(state().isHost).toBe(false);
    expect(state().people.map((p) => [p.name, p.isSelf, p.isHost, p.microphoneMuted])).toEqual([
      ['Bob', true, false, false],
      ['Alice', false, true, true],
    ]);
    expect(vm.togglePeople().ok).toBe(true);
    expect(state().peopleOpen).toBe(true);
    vm.togglePeople();
    expect(state().peopleOpen).toBe(false);
  });

  it('toggles the own microphone, camera and screen share', async () => {
    const { client, state, vm } = await inMeeting();
    await client.meetings.join(JOIN);
    await vm.toggleMicrophone();
    await vm.toggleCamera();
    expect(state()).toMatchObject({ microphoneEnabled: false, cameraEnabled: false });
    expect(state().tiles[0]).toMatchObject({ hasVideo: false, microphoneMuted: true });
    await vm.toggleScreenShare();
    expect(state().screenSharing).toBe(true);
    expect(state().tiles[0]?.key).toBe('alice:screen');
    await vm.toggleScreenShare();
    expect(state().screenSharing).toBe(false);
  });

  it('lists the devices and switches them', async () => {
    const { client, state, vm } = await inMeeting();
    await client.meetings.join(JOIN);
    expect((await vm.loadDevices()).ok).toBe(true);
    expect(state().microphones.selectedID).toBe('mic-1');
    expect((await vm.selectMicrophone('mic-2')).ok).toBe(true);
    expect(state().microphones.selectedID).toBe('mic-2');
    expect(client.ports.callDevices.selected.audioinput).toBe('mic-2');
    expect((await vm.selectCamera('nope')).ok).toBe(false);
    expect(client.toasts.keys()).toContain('toast.deviceSwitchFailed');
  });

  it("plays a video in the view's element through the room, until detached", async () => {
    const { client, media, vm } = await inMeeting();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    client.ports.meetingRoom.update('bob', { video: 'bob-cam' });
    const element = { tag: 'video' };
    const detach = vm.attachVideo(media().videos.get('bob'), element);
    expect(client.ports.meetingRoom.attached.get(element)).toBe('bob-cam');
    detach();
    expect(client.ports.meetingRoom.attached.has(element)).toBe(false);
  });

  it('leaves, and closes with nothing left to attach', async () => {
    const { world, client, state, media, vm } = await inMeeting();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    client.ports.meetingRoom.update('bob', { audio: 'bob-mic' });
    const leaving = vm.leave();
    expect(state().open).toBe(false);
    await world.advance(MEETING_LEAVE_GRACE_MS);
    expect((await leaving).ok).toBe(true);
    expect(media().audios).toEqual([]);
  });

  it('offers the end for everyone to the host only', async () => {
    const host = await inMeeting('alice');
    await host.client.meetings.join(JOIN);
    expect(host.vm.askToEndForAll().ok).toBe(true);
    expect((await host.vm.endForAll()).ok).toBe(true);
    expect(host.client.ports.meetingRoom.sentEnds).toEqual(['m1']);
    expect(host.state()).toMatchObject({ open: false, confirmingEnd: false });

    const guest = await inMeeting('bob');
    await guest.client.meetings.join(JOIN);
    expect(guest.vm.askToEndForAll().ok).toBe(false);
    expect(guest.state().confirmingEnd).toBe(false);
    expect((await guest.vm.endForAll()).ok).toBe(false);
    expect(guest.client.ports.meetingRoom.sentEnds).toEqual([]);
  });

  it('ends the meeting for everyone only once the host confirmed, and goes on when the host cancels', async () => {
    const { client, state, vm } = await inMeeting('alice');
    expect(vm.askToEndForAll().ok).toBe(false);
    await client.meetings.join(JOIN);
    expect((await vm.endForAll()).ok).toBe(false);
    expect(client.ports.meetingRoom.sentEnds).toEqual([]);

    expect(vm.askToEndForAll().ok).toBe(true);
    expect(state().confirmingEnd).toBe(true);
    // The room changing under the question keeps it asked.
    client.ports.meetingRoom.arrives('bob');
    expect(state().confirmingEnd).toBe(true);
    expect(vm.cancelEndForAll().ok).toBe(true);
    expect(state()).toMatchObject({ open: true, confirmingEnd: false });
    expect(vm.cancelEndForAll().ok).toBe(false);
    expect((await vm.endForAll()).ok).toBe(false);
    expect(client.ports.meetingRoom.sentEnds).toEqual([]);
  });

  it('forgets the question when the meeting closes under it', async () => {
    const { client, state, vm } = await inMeeting('alice');
    await client.meetings.join(JOIN);
    vm.askToEndForAll();
    await client.meetings.leave();
    expect(state()).toMatchObject({ open: false, confirmingEnd: false });
    await client.meetings.join(JOIN);
    expect(state()).toMatchObject({ open: true, confirmingEnd: false });
  });
});
