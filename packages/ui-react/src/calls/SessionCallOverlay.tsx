import { useViewModel } from '../session';
import { CallOverlay } from './CallOverlay';

/** The session's call overlay: shown over every page while a call rings or runs (spec §2). */
export function SessionCallOverlay() {
  const vm = useViewModel((vms) => vms.callOverlay());
  return <CallOverlay viewModel={vm} />;
}
