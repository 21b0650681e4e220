import { describe, expect, it } from 'vitest';
// The Playwright suite's stand-in for the preload; kept here so it cannot drift from the real API.
import { fakeDesktopBridge, type RecordedCall } from '../../../../tests/e2e/support/desktop-bridge';
import { buildDesktopApi } from '../shared/desktop-api';
import { createDesktopAdapters, findDesktopApi } from './desktop-adapters';
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
});
