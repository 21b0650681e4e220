import { useObservableEagerState } from 'observable-hooks';
import { Suspense, useState } from 'react';
import { deferred } from '../deferred';
import { useViewModel } from '../session';

// The overlay's code (its popover, tooltips and focus trap with their positioning: about 38 KB gzip) is
// not needed before a call: the shell fetches it while idle once signed in, so a ring still shows at once.
export const callOverlay = deferred(() => import('./CallOverlay').then((m) => m.CallOverlay));

/** The session's call overlay: shown over every page while a call rings or runs (spec §2). */
export function SessionCallOverlay() {
  const vm = useViewModel((vms) => vms.callOverlay());
  const { open } = useObservableEagerState(vm.state$);
  // Mounted with the first call and kept: it renders nothing between calls.
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <callOverlay.Component viewModel={vm} />
    </Suspense>
  );
}
