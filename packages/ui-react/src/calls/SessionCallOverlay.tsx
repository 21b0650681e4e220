import { useObservableEagerState } from 'observable-hooks';
import { Suspense, useState } from 'react';
import { deferred, type Deferred } from '../deferred';
import { useViewModel } from '../session';
import { CallOverlayUnavailable, type CallOverlayHostViewModel } from './CallOverlayUnavailable';

// The overlay's code (its popover, tooltips and focus trap with their positioning: about 38 KB gzip) is
// not needed before a call: the shell fetches it while idle once signed in, so a ring still shows at once.
export const callOverlay = deferred(() => import('./CallOverlay').then((m) => m.CallOverlay));

/**
 * Hosts the deferred overlay: mounted with the first call; between calls it renders nothing. Each call
 * mounts it anew (`key`), so an overlay whose code could not be loaded for one call is tried again for the
 * next, and meanwhile the call can still be ended.
 */
export function CallOverlayHost<V extends CallOverlayHostViewModel>({
  viewModel,
  overlay,
}: {
  readonly viewModel: V;
  readonly overlay: Deferred<{ readonly viewModel: V }>;
}) {
  const { open } = useObservableEagerState(viewModel.state$);
  const [calls, setCalls] = useState({ count: open ? 1 : 0, open });
  if (open !== calls.open) setCalls({ count: open ? calls.count + 1 : calls.count, open });
  if (calls.count === 0) return null;
  return (
    <Suspense fallback={null}>
      <overlay.Component
        key={calls.count}
        viewModel={viewModel}
        unavailable={<CallOverlayUnavailable viewModel={viewModel} />}
      />
    </Suspense>
  );
}

/** The session's call overlay: shown over every page while a call rings or runs (spec §2). */
export function SessionCallOverlay() {
  const vm = useViewModel((vms) => vms.callOverlay());
  return <CallOverlayHost viewModel={vm} overlay={callOverlay} />;
}
