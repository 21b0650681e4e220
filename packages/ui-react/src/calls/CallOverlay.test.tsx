// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CallOverlayViewModel, type CallOverlayState } from '@teamim/application';
import { FakeCallDevices, signedInFriends } from '@teamim/application/testing';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { act } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadI18n } from '../i18n';
import { ringingCall } from '../testing/call-state';
import { CallButtons } from './CallButtons';
import { CallOverlay, CallOverlayView, type CallOverlayViewProps } from './CallOverlay';

let i18n: I18n;
beforeAll(async () => {
  i18n = await loadI18n('en-US');
  // happy-dom rejects the popover's cancelled motion when a test unmounts it; without the Web
  // Animations API Fluent skips the motion (as jsdom, where the other view tests run, has none).
  Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

const show = (ui: ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

const base: CallOverlayState = ringingCall;

function handlers(): Omit<CallOverlayViewProps, 'state' | 'media'> {
  return {
    onAnswer: vi.fn(),
    onClose: vi.fn(),
    onToggleMicrophone: vi.fn(),
    onToggleCamera: vi.fn(),
    onSelectMicrophone: vi.fn(),
    onSelectCamera: vi.fn(),
  };
}

/** A real track of the DOM implementation (it checks what goes into a MediaStream): a canvas capture. */
function track(): MediaStreamTrack {
  const captured = document.createElement('canvas').captureStream().getVideoTracks()[0];
  if (captured === undefined) throw new Error('no canvas track');
  return captured;
}

describe('CallOverlayView (spec §2 call overlay)', () => {
  it('renders nothing without a call', () => {
    const { container } = show(<CallOverlayView state={{ ...base, open: false }} {...handlers()} />);
    expect(container.innerHTML).toBe('');
  });

  it('rings in light, with the caller, Answer and Reject', () => {
    const on = handlers();
    show(<CallOverlayView state={base} {...on} />);
    const dialog = screen.getByRole('dialog', { name: 'Video call' });
    expect(dialog.dataset['tone']).toBe('light');
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Incoming video call');
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect([on.onAnswer, on.onClose].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1]);
  });

  it('in a connected video call: dark, remote video full size, own thumbnail, timer, Hang up', () => {
    const on = handlers();
    const state: CallOverlayState = {
      ...base,
      status: 'connected',
      tone: 'dark',
      peerMediaShown: true,
      timerText: '01:05',
      canAnswer: false,
      closeLabelKey: 'call.hangUp',
    };
    show(
      <CallOverlayView
        state={state}
        media={{ remoteVideo: track(), localVideo: track(), remoteAudio: track() }}
        {...on}
      />,
    );
    expect(screen.getByRole('dialog').dataset['tone']).toBe('dark');
    const remote = screen.getByLabelText<HTMLVideoElement>('Video of Alice');
    expect((remote.srcObject as MediaStream | null)?.getVideoTracks()).toHaveLength(1);
    expect(screen.getByLabelText('Your video').tagName).toBe('VIDEO');
    // With the remote video shown, the big avatar gives way to it; the name stays in a corner.
    expect(document.querySelector('.fui-Avatar')).toBeNull();
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('01:05');
    expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mute microphone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn camera off' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(
      [on.onToggleMicrophone, on.onToggleCamera, on.onClose].map((f) => vi.mocked(f).mock.calls.length),
    ).toEqual([1, 1, 1]);
  });

  it('mirrors the own picture-in-picture, never the remote video', () => {
    const state: CallOverlayState = {
      ...base,
      status: 'connected',
      tone: 'dark',
      peerMediaShown: true,
      canAnswer: false,
    };
    show(
      <CallOverlayView state={state} media={{ remoteVideo: track(), localVideo: track() }} {...handlers()} />,
    );
    const own = screen.getByLabelText('Your video');
    const remote = screen.getByLabelText('Video of Alice');
    expect([own.dataset['mirrored'], getComputedStyle(own).transform]).toEqual(['true', 'scaleX(-1)']);
    expect(remote.dataset['mirrored']).toBe('false');
    expect(getComputedStyle(remote).transform).not.toBe('scaleX(-1)');
  });

  it("shows the other party's video and plays their audio while connecting once the state says so, never while ringing", () => {
    const media = { remoteVideo: track(), remoteAudio: track() };
    const connecting: CallOverlayState = {
      ...base,
      status: 'connecting',
      statusKey: 'call.connecting',
      tone: 'dark',
      canAnswer: false,
      closeLabelKey: 'call.hangUp',
      peerMediaShown: true,
    };
    const { rerender } = show(<CallOverlayView state={connecting} media={media} {...handlers()} />);
    expect(screen.getByLabelText('Video of Alice').tagName).toBe('VIDEO');
    expect(document.querySelectorAll('audio')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Connecting…');

    // Ringing, a track that is already there (a room prepared early) stays hidden and silent.
    rerender(
      <I18nextProvider i18n={i18n}>
        <CallOverlayView state={base} media={media} {...handlers()} />
      </I18nextProvider>,
    );
    expect(screen.queryByLabelText('Video of Alice')).toBeNull();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
  });

  it('while its call rings, the caller sees its own camera full size, mirrored, with the name and status over it', () => {
    const outgoing: CallOverlayState = {
      ...base,
      status: 'outgoing',
      role: 'inviter',
      statusKey: 'call.waiting',
      canAnswer: false,
      closeLabelKey: 'call.cancel',
    };
    const { rerender } = show(
      <CallOverlayView state={outgoing} media={{ localVideo: track() }} {...handlers()} />,
    );
    const own = screen.getByLabelText<HTMLVideoElement>('Your video');
    expect((own.srcObject as MediaStream | null)?.getVideoTracks()).toHaveLength(1);
    expect(own.dataset['mirrored']).toBe('true');
    expect(document.querySelectorAll('video')).toHaveLength(1);
    expect(document.querySelector('.fui-Avatar')).toBeNull();
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Waiting for an answer…');

    // The camera turned off while ringing: the preview goes, the callee's avatar is back.
    rerender(
      <I18nextProvider i18n={i18n}>
        <CallOverlayView
          state={{ ...outgoing, cameraEnabled: false }}
          media={{ localVideo: track() }}
          {...handlers()}
        />
      </I18nextProvider>,
    );
    expect(document.querySelectorAll('video')).toHaveLength(0);
    expect(document.querySelector('.fui-Avatar')).not.toBeNull();
  });

  it("shows a control's tooltip over the call, not a blank box", async () => {
    show(<CallOverlayView state={{ ...base, status: 'connected', tone: 'dark' }} {...handlers()} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Mute microphone' }));
    const layer = (await screen.findByRole('tooltip')).closest<HTMLElement>('[data-portal-node]');
    // The layer takes the call's theme, but neither the overlay's box nor its background.
    const style = getComputedStyle(layer as HTMLElement);
    expect([style.backgroundColor, style.inset, style.width]).toEqual(['', '', '']);
    expect(layer?.className).toMatch(/\bfui-FluentProvider_/);
  });

  it('a voice call shows the avatar and nickname and no camera toggle', () => {
    show(
      <CallOverlayView
        state={{
          ...base,
          mediaType: 'audio',
          canToggleCamera: false,
          status: 'reconnecting',
          statusKey: 'call.reconnecting',
          tone: 'dark',
        }}
        {...handlers()}
      />,
    );
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
    expect(screen.queryByRole('button', { name: /camera/i })).toBeNull();
  });

  it('offers the microphones and cameras to choose from', () => {
    const on = handlers();
    const devices = {
      microphones: {
        devices: [
          { deviceID: 'm1', label: 'Built-in' },
          { deviceID: 'm2', label: 'Headset' },
        ],
        selectedID: 'm1',
      },
      cameras: { devices: [{ deviceID: 'c1', label: 'Camera' }], selectedID: 'c1' },
    };
    show(<CallOverlayView state={{ ...base, ...devices }} {...on} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose devices' }));
    fireEvent.change(screen.getByLabelText('Microphone'), { target: { value: 'm2' } });
    expect(vi.mocked(on.onSelectMicrophone).mock.calls).toEqual([['m2']]);
    expect(screen.getByLabelText('Camera')).toBeTruthy();
  });
});

describe('CallOverlay and CallButtons bound to the view model', () => {
  it('a video call placed from the header rings at the other side, which answers', async () => {
    const { world, alice, bob } = await signedInFriends();
    const bobVm = new CallOverlayViewModel(
      bob.calls,
      bob.ports.rtcRoom,
      bob.ports.contacts,
      bob.ports.notifier,
      new FakeCallDevices(),
    );

    show(<CallButtons peerUserID="bob" viewModel={alice.viewModels.callButtons()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Video call' }));
      await world.settle();
    });
    cleanup();

    show(<CallOverlay viewModel={bobVm} />);
    expect(screen.getByRole('status').textContent).toBe('Incoming video call');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose devices' }));
    expect(await screen.findByRole('combobox', { name: 'Microphone' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
      await world.settle();
    });
    expect(screen.getByRole('dialog').dataset['tone']).toBe('dark');
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeTruthy();
    expect(alice.calls.snapshot.phase).toBe('connected');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
      await world.settle();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    bobVm.dispose();
  });
});
