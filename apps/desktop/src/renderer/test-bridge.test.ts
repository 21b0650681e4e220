import { describe, expect, it } from 'vitest';
// The Playwright suite's stand-in for the preload; kept here so it cannot drift from the real API.
import { fakeDesktopBridge, type RecordedCall } from '../../../../tests/e2e/support/desktop-bridge';
import { buildDesktopApi } from '../shared/desktop-api';
import {
  BridgeMessageNotices,
  connectDesktopShell,
  createDesktopAdapters,
  findDesktopApi,
} from './desktop-adapters';
import { of } from 'rxjs';
import { FakeFileUploader } from '@teamim/application/testing';
import { UpdateBannerViewModel } from '@teamim/application';

function shape(api: object): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(api as Record<string, object>).map(([group, members]) => [
      group,
      Object.keys(members).sort(),
    ]),
  );
}

describe('the e2e desktop test bridge', () => {
  it('has exactly the shape of the real preload API', () => {
    const target: Record<string, unknown> = {};
    fakeDesktopBridge({}, target);
    const real = buildDesktopApi(
      () => Promise.resolve(undefined as never),
      () => () => undefined,
    );
    expect(shape(target['teamimDesktop'] as object)).toEqual(shape(real));
  });

  it('records calls and delivers pushed events to the renderer adapters', async () => {
    const target: Record<string, unknown> = {};
    fakeDesktopBridge({ os: 'linux' }, target);
    const api = findDesktopApi(target);
    expect(api).toBeDefined();
    if (api === undefined) return;
    const adapters = createDesktopAdapters(api, new FakeFileUploader());
    const banner = new UpdateBannerViewModel(adapters.updater);
    await banner.check();
    const emit = target['__teamimDesktopEmit'] as (channel: string, payload: unknown) => void;
    emit('update:state', { status: 'ready', version: '2.0.0' });
    expect(banner.state.canRestart).toBe(true);
    await banner.restart();
    const methods = (target['__teamimDesktopCalls'] as RecordedCall[]).map((call) => call.method);
    expect(methods).toEqual(expect.arrayContaining(['updates.check', 'updates.install', 'on:update:state']));
  });

  // Notices and the tray count as the e2e suite observes them
  it('records notices and tray counts, and delivers clicks to the notices adapter', async () => {
    const target: Record<string, unknown> = {};
    fakeDesktopBridge({}, target);
    const api = findDesktopApi(target);
    if (api === undefined) throw new Error('no bridge');
    const notices = new BridgeMessageNotices(api);
    const clicked: string[] = [];
    notices.clicks$.subscribe((id) => clicked.push(id));
    expect(await notices.show({ conversationID: 'si_a_b', title: 'Ann', body: 'hi' })).toBe(true);
    const tray = connectDesktopShell(api, { unreadCount$: of(3) });
    tray.unsubscribe();
    const emit = target['__teamimDesktopEmit'] as (channel: string, payload: unknown) => void;
    emit('notification:clicked', 'si_a_b');
    expect(clicked).toEqual(['si_a_b']);
    const calls = (target['__teamimDesktopCalls'] as RecordedCall[]).filter(
      (call) => call.method === 'notifications.showMessage' || call.method === 'tray.setUnread',
    );
    expect(calls.map((call) => [call.method, ...call.args])).toEqual([
      ['notifications.showMessage', { conversationId: 'si_a_b', title: 'Ann', body: 'hi' }],
      ['tray.setUnread', 3],
      ['tray.setUnread', 0],
    ]);
  });
});
