import {
  FakeCloseActionSettings,
  FakeDesktopLogs,
  FakeLogUploader,
  FakeUpdater,
  FakeWindowControls,
  RecordingNotifier,
} from '@teamim/application/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderView } from '../testing/render';
import { createDesktopSlots } from './create-desktop-slots';

function setup() {
  const ports = {
    windowControls: new FakeWindowControls(),
    closeActionSettings: new FakeCloseActionSettings(),
    desktopLogs: new FakeDesktopLogs(),
    logUploader: new FakeLogUploader(),
    updater: new FakeUpdater(),
    notifier: new RecordingNotifier(),
  };
  ports.desktopLogs.lines = Array.from({ length: 500 }, (_, i) => `line ${i}`);
  return { ports, slots: createDesktopSlots(ports) };
}

describe('desktop title bar', () => {
  it('names its controls, drives the window and minimizes on a plain Esc nothing else used', async () => {
    const { ports, slots } = setup();
    const TitleBar = slots.titleBar!;
    await renderView(<TitleBar />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Maximize' }));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await user.click(screen.getByRole('button', { name: 'Minimize' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(ports.windowControls.calls).toEqual(['toggleMaximize', 'toggleMaximize', 'minimize', 'close']);
    expect(screen.getByRole('group', { name: 'Window title bar' }).textContent).toContain('TeamIM');

    await user.keyboard('{Shift>}{Escape}{/Shift}');
    const handled = (event: KeyboardEvent) => event.preventDefault();
    document.body.addEventListener('keydown', handled);
    await user.keyboard('{Escape}');
    document.body.removeEventListener('keydown', handled);
    expect(ports.windowControls.calls.filter((call) => call === 'minimize')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(ports.windowControls.calls.filter((call) => call === 'minimize')).toHaveLength(2);
  });

  it('draws no window controls on macOS, whose own traffic lights stay', async () => {
    const { ports, slots } = setup();
    ports.windowControls.desktop = { os: 'macos', version: '0.1.0', platformId: 4 };
    const TitleBar = slots.titleBar!;
    await renderView(<TitleBar />);
    await act(async () => Promise.resolve());
    expect(screen.getByRole('group', { name: 'Window title bar' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('desktop update banner', () => {
  it('shows nothing until an update, then its download progress and "Restart to update"', async () => {
    const { ports, slots } = setup();
    const UpdateBanner = slots.updateBanner!;
    await renderView(<UpdateBanner />);
    const region = screen.getByRole('region', { name: 'App update' });
    expect(region.textContent).toBe('');
    act(() => ports.updater.emit({ status: 'available', version: '1.2.0' }));
    expect(region.textContent).toContain('Version 1.2.0 is available');
    act(() => ports.updater.emit({ status: 'downloading', version: '1.2.0', percent: 42.4 }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0.424');
    expect(region.textContent).toContain('42%');
    act(() => ports.updater.emit({ status: 'ready', version: '1.2.0' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(ports.updater.installs).toBe(1);
  });
});

describe('desktop account settings and About sections', () => {
  it('shows the stored close action and saves a new choice', async () => {
    const { ports, slots } = setup();
    ports.closeActionSettings.stored = 'quit';
    const AccountSettings = slots.accountSettings!;
    await renderView(<AccountSettings />);
    const quit = await screen.findByRole('radio', { name: 'Quit the app' });
    await waitFor(() => expect((quit as HTMLInputElement).checked).toBe(true));
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Minimize to the tray' }));
    await waitFor(() => expect(ports.closeActionSettings.stored).toBe('miniSize'));
  });

  it('uploads the chosen number of log lines with a percentage, and checks for updates', async () => {
    const { ports, slots } = setup();
    const About = slots.about!;
    await renderView(<About />);
    const user = userEvent.setup();
    const lines = screen.getByRole('textbox', { name: 'Number of lines (1–10,000)' });
    expect((lines as HTMLInputElement).value).toBe('100');
    await user.clear(lines);
    await user.type(lines, '20000');
    expect(screen.getByText('Enter a whole number from 1 to 10,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload the chosen lines' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.clear(lines);
    await user.type(lines, '250');
    await user.click(screen.getByRole('button', { name: 'Upload the last 250 lines' }));
    await screen.findByText('Log uploaded (100%)');
    expect(ports.desktopLogs.requests).toEqual([250]);
    expect(ports.notifier.keys()).toEqual(['toast.uploadSuccess']);

    await user.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(ports.updater.checks).toBe(1);
    expect(screen.getByText('Checking for updates…')).toBeTruthy();
  });
});
