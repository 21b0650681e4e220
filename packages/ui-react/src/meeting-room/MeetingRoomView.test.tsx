// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { MeetingRoomViewState, MeetingTileView } from '@teamim/application';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadI18n } from '../i18n';
import { themeFor } from '../theme';
import { MeetingRoomView, type MeetingRoomViewProps } from './MeetingRoomView';

let en: I18n;
let zh: I18n;
beforeAll(async () => {
  en = await loadI18n('en-US');
  zh = await loadI18n('zh-CN');
  Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

const show = (ui: ReactElement, i18n = en) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

const tile = (userID: string, change: Partial<MeetingTileView> = {}): MeetingTileView => ({
  key: userID,
  userID,
  name: userID[0]?.toUpperCase() + userID.slice(1),
  faceURL: '',
  isSelf: false,
  isScreen: false,
  hasVideo: false,
  microphoneMuted: false,
  activeSpeaker: false,
  ...change,
});

const inMeeting: MeetingRoomViewState = {
  open: true,
  status: 'connected',
  tone: 'dark',
  title: 'Standup',
  isHost: true,
  confirmingEnd: false,
  tiles: [
    tile('alice', { isSelf: true }),
    tile('bob', { activeSpeaker: true }),
    tile('carol', { microphoneMuted: true }),
  ],
  page: 0,
  pageCount: 1,
  activeSpeakerID: 'bob',
  people: [
    {
      userID: 'alice',
      name: 'Alice',
      faceURL: '',
      isSelf: true,
      isHost: true,
      microphoneMuted: false,
      cameraOff: true,
    },
    {
      userID: 'carol',
      name: 'Carol',
      faceURL: '',
      isSelf: false,
      isHost: false,
      microphoneMuted: true,
      cameraOff: true,
    },
  ],
  peopleOpen: false,
  microphoneEnabled: true,
  cameraEnabled: true,
  screenSharing: false,
  microphones: { devices: [{ deviceID: 'mic-1', label: 'Headset' }], selectedID: 'mic-1' },
  cameras: { devices: [], selectedID: undefined },
};

function handlers(): Omit<MeetingRoomViewProps, 'state' | 'media'> {
  return {
    onLeave: vi.fn(),
    onAskToEndForAll: vi.fn(),
    onCancelEndForAll: vi.fn(),
    onEndForAll: vi.fn(),
    onToggleMicrophone: vi.fn(),
    onToggleCamera: vi.fn(),
    onToggleScreenShare: vi.fn(),
    onTogglePeople: vi.fn(),
    onPreviousPage: vi.fn(),
    onNextPage: vi.fn(),
    onSelectMicrophone: vi.fn(),
    onSelectCamera: vi.fn(),
    // As the room does: its own video element, put in the tile's host.
    onAttachVideo: vi.fn((_track: MediaStreamTrack, host: HTMLElement) => {
      host.replaceChildren(document.createElement('video'));
      return () => undefined;
    }),
  };
}

describe('MeetingRoomView', () => {
  it('renders nothing outside a meeting', () => {
    const { container } = show(<MeetingRoomView state={{ ...inMeeting, open: false }} {...handlers()} />);
    expect(container.innerHTML).toBe('');
  });

  it('is light while joining and dark once in', () => {
    show(<MeetingRoomView state={{ ...inMeeting, status: 'connecting', tone: 'light' }} {...handlers()} />);
    const region = screen.getByRole('region', { name: 'Meeting: Standup' });
    expect(region.dataset['tone']).toBe('light');
    expect(screen.getByRole('status').textContent).toBe('Joining the meeting…');
    cleanup();
    show(<MeetingRoomView state={inMeeting} {...handlers()} />);
    expect(screen.getByRole('region', { name: 'Meeting: Standup' }).dataset['tone']).toBe('dark');
  });

  it('shows a tile per participant, the active speaker marked and the muted ones', () => {
    show(<MeetingRoomView state={inMeeting} {...handlers()} />);
    const grid = screen.getByRole('list', { name: 'Participants’ videos' });
    const tiles = within(grid).getAllByRole('listitem');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Alice (you)', 'Bob', 'Carol']);
    expect(tiles.map((t) => t.dataset['speaking'])).toEqual(['false', 'true', 'false']);
    expect(within(tiles[1] as HTMLElement).getByText('· Speaking')).toBeTruthy();
    expect(within(tiles[2] as HTMLElement).getByRole('img', { name: 'Muted' })).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).queryByRole('img', { name: 'Muted' })).toBeNull();
  });

  it("plays a tile's video through the room, names the room's element, and detaches it when the tile goes", () => {
    const detach = vi.fn();
    const attach = vi.fn((_track: MediaStreamTrack, host: HTMLElement) => {
      host.replaceChildren(document.createElement('video'));
      return detach;
    });
    const on = { ...handlers(), onAttachVideo: attach };
    const track = { kind: 'video' } as unknown as MediaStreamTrack;
    const state = { ...inMeeting, tiles: [tile('bob', { hasVideo: true })] };
    const media = { videos: new Map([['bob', track]]), audios: [] };
    const view = show(<MeetingRoomView state={state} media={media} {...on} />);
    const video = screen.getByLabelText('Video of Bob');
    expect(video.tagName).toBe('VIDEO');
    expect(video.dataset['mirrored']).toBe('false');
    expect(attach).toHaveBeenCalledWith(track, video.parentElement);
    // A name that comes later renames the element, without playing it again.
    const renamed = { ...state, tiles: [tile('bob', { hasVideo: true, name: 'Robert' })] };
    view.rerender(
      <I18nextProvider i18n={en}>
        <MeetingRoomView state={renamed} media={media} {...on} />
      </I18nextProvider>,
    );
    expect(screen.getByLabelText('Video of Robert')).toBe(video);
    expect(attach).toHaveBeenCalledOnce();
    view.unmount();
    expect(detach).toHaveBeenCalledOnce();
  });

  it('pages beyond nine tiles with keyboard-reachable buttons', () => {
    const on = handlers();
    show(<MeetingRoomView state={{ ...inMeeting, page: 1, pageCount: 2 }} {...on} />);
    expect(screen.getAllByText('Page 2 of 2').length).toBeGreaterThan(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(on.onPreviousPage).toHaveBeenCalledOnce();
  });

  it('offers the own toggles, the devices, the list, Leave and (host) End for everyone', () => {
    const on = handlers();
    show(<MeetingRoomView state={inMeeting} {...on} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mute microphone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn camera off' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share screen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Participants (2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    fireEvent.click(screen.getByRole('button', { name: 'End for everyone' }));
    expect(on.onToggleMicrophone).toHaveBeenCalledOnce();
    expect(on.onToggleCamera).toHaveBeenCalledOnce();
    expect(on.onToggleScreenShare).toHaveBeenCalledOnce();
    expect(on.onTogglePeople).toHaveBeenCalledOnce();
    expect(on.onLeave).toHaveBeenCalledOnce();
    // The end for everyone only asks: the view model opens the question.
    expect(on.onAskToEndForAll).toHaveBeenCalledOnce();
    expect(on.onEndForAll).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose devices' })).toBeTruthy();
  });

  it('keeps Leave the one red button: End for everyone is a quiet one beside it', () => {
    show(<MeetingRoomView state={inMeeting} {...handlers()} />);
    const controls = screen.getByRole('group', { name: 'Meeting controls' });
    const dark = themeFor('dark');
    const red = within(controls)
      .getAllByRole('button')
      .filter((b) => getComputedStyle(b).backgroundColor === dark.colorStatusDangerBackground3);
    expect(red.map((b) => b.textContent)).toEqual(['Leave']);
    const end = within(controls).getByRole('button', { name: 'End for everyone' });
    expect(getComputedStyle(end).color).toBe(dark.colorStatusDangerForeground3);
  });

  it('asks the host before ending for everyone: Cancel, Escape or the end itself', () => {
    const on = handlers();
    show(<MeetingRoomView state={{ ...inMeeting, confirmingEnd: true }} {...on} />);
    const dialog = screen.getByRole('alertdialog', { name: 'End the meeting for everyone?' });
    expect(within(dialog).getByText('Everyone will be removed from the meeting.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(on.onCancelEndForAll).toHaveBeenCalledOnce();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(on.onCancelEndForAll).toHaveBeenCalledTimes(2);
    expect(on.onEndForAll).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End for everyone' }));
    expect(on.onEndForAll).toHaveBeenCalledOnce();
  });

  it('shows the question over the meeting, which stays in sight behind it', () => {
    show(<MeetingRoomView state={{ ...inMeeting, confirmingEnd: true }} {...handlers()} />);
    const layer = screen.getByRole('alertdialog').closest<HTMLElement>('[data-portal-node]');
    // The layer takes the meeting's theme, but neither its frame nor its background.
    const style = getComputedStyle(layer as HTMLElement);
    expect([style.backgroundColor, style.inset]).toEqual(['', '']);
    expect(layer?.className).toMatch(/\bfui-FluentProvider_/);
  });

  it("mirrors the own camera only: not the others', not the own screen", () => {
    const track = { kind: 'video' } as unknown as MediaStreamTrack;
    const state = {
      ...inMeeting,
      tiles: [
        tile('alice:screen', {
          userID: 'alice',
          name: 'Alice',
          isSelf: true,
          isScreen: true,
          hasVideo: true,
        }),
        tile('alice', { isSelf: true, hasVideo: true }),
        tile('bob', { hasVideo: true }),
      ],
    };
    const tracks = new Map(['alice:screen', 'alice', 'bob'].map((key) => [key, track]));
    show(<MeetingRoomView state={state} media={{ videos: tracks, audios: [] }} {...handlers()} />);
    const videos = [...document.querySelectorAll('video')];
    expect(videos.map((v) => v.getAttribute('aria-label'))).toEqual([
      'Screen of Alice',
      'Your video',
      'Video of Bob',
    ]);
    expect(videos.map((v) => v.dataset['mirrored'])).toEqual(['false', 'true', 'false']);
    expect(videos.map((v) => getComputedStyle(v).transform === 'scaleX(-1)')).toEqual([false, true, false]);
  });

  it('centres an incomplete last row, its tiles as wide as the others', () => {
    const starts = (count: number): string[] => {
      const tiles = Array.from({ length: count }, (_, i) => tile(`user${String(i + 1)}`));
      const view = show(<MeetingRoomView state={{ ...inMeeting, tiles }} {...handlers()} />);
      const items = within(screen.getByRole('list', { name: 'Participants’ videos' })).getAllByRole(
        'listitem',
      );
      expect(items.map((item) => getComputedStyle(item).gridColumnEnd)).toEqual(items.map(() => 'span 2'));
      const result = items.map((item) => getComputedStyle(item).gridColumnStart || 'auto');
      view.unmount();
      return result;
    };
    // Two tiles a row: the third sits under the middle of the first two.
    expect(starts(3)).toEqual(['auto', 'auto', '2']);
    expect(starts(4)).toEqual(['auto', 'auto', 'auto', 'auto']);
    // Three a row: a last row of two starts half a tile in, a last one alone in the middle.
    expect(starts(5)).toEqual(['auto', 'auto', 'auto', '2', 'auto']);
    expect(starts(7).slice(6)).toEqual(['3']);
    expect(starts(8).slice(6)).toEqual(['2', 'auto']);
    expect(starts(9).slice(6)).toEqual(['auto', 'auto', 'auto']);
  });

  it('gives a guest no End for everyone', () => {
    show(<MeetingRoomView state={{ ...inMeeting, isHost: false }} {...handlers()} />);
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End for everyone' })).toBeNull();
  });

  it('lists the participants with the host and their mutes', () => {
    show(<MeetingRoomView state={{ ...inMeeting, peopleOpen: true, screenSharing: true }} {...handlers()} />);
    const list = screen.getByRole('complementary', { name: 'Participants' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['AAlice (you)Host', 'CCarol']);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Muted' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop sharing' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('speaks Chinese too', () => {
    show(<MeetingRoomView state={inMeeting} {...handlers()} />, zh);
    expect(screen.getByRole('region', { name: '会议：Standup' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '离开' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '结束会议' })).toBeTruthy();
    cleanup();
    show(<MeetingRoomView state={{ ...inMeeting, confirmingEnd: true }} {...handlers()} />, zh);
    const dialog = screen.getByRole('alertdialog', { name: '要为所有人结束会议吗？' });
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
  });
});
