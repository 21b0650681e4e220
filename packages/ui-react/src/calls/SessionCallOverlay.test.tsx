import { act, fireEvent, render, screen } from '@testing-library/react';
import type { CallOverlayState } from '@teamim/application';
import { ok } from '@teamim/domain';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BehaviorSubject } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred } from '../deferred';
import { loadI18n } from '../i18n';
import { ringingCall } from '../testing/call-state';
import type { CallOverlayHostViewModel } from './CallOverlayUnavailable';
import { CallOverlayHost } from './SessionCallOverlay';

let i18n: I18n;
beforeAll(async () => {
  i18n = await loadI18n('en-US');
});

const ringing = ringingCall;

function fakeViewModel() {
  const state$ = new BehaviorSubject<CallOverlayState>({ ...ringing, open: false });
  const close = vi.fn(() => Promise.resolve(ok(undefined)));
  const viewModel: CallOverlayHostViewModel = { state$, close };
  return {
    viewModel,
    ring: () => state$.next(ringing),
    end: () => state$.next({ ...ringing, open: false }),
    close,
  };
}

/** An overlay chunk that is gone until `restore()`, and counts its loads. */
function flakyOverlay() {
  let available = false;
  let loads = 0;
  function Overlay({ viewModel: _viewModel }: { readonly viewModel: CallOverlayHostViewModel }) {
    return <p>call overlay</p>;
  }
  const overlay = deferred(
    () => {
      loads += 1;
      return available ? Promise.resolve(Overlay) : Promise.reject(new Error('chunk gone'));
    },
    { attempts: 1, network: { isOnline: () => true, onceOnline: () => () => undefined } },
  );
  return { overlay, restore: () => (available = true), loads: () => loads };
}

describe('CallOverlayHost', () => {
  it('loads nothing before the first call', () => {
    const { viewModel } = fakeViewModel();
    const { overlay, loads } = flakyOverlay();
    render(<CallOverlayHost viewModel={viewModel} overlay={overlay} />);
    expect(loads()).toBe(0);
  });

  it('lets a ringing call be declined when the overlay cannot load, and loads it again for the next call', async () => {
    const { viewModel, ring, end, close } = fakeViewModel();
    const { overlay, restore, loads } = flakyOverlay();
    render(
      <I18nextProvider i18n={i18n}>
        <CallOverlayHost viewModel={viewModel} overlay={overlay} />
      </I18nextProvider>,
    );
    act(() => ring());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The call screen with Alice couldn't load");
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(close).toHaveBeenCalledTimes(1);

    act(() => end());
    expect(screen.queryByRole('alert')).toBeNull();

    restore();
    act(() => ring());
    expect(await screen.findByText('call overlay')).toBeTruthy();
    expect(loads()).toBe(2);
  });
});
