import { useObservableEagerState } from 'observable-hooks';
import { useSignedIn } from '../services';
import { useViewModel } from '../session';
import { CallButtons } from './CallButtons';

/**
 * The voice and video call buttons of a single chat's header (spec §2), unless the deployment is known
 * to have no calls (no RTC tokens; see DeploymentCapabilities).
 */
export function ChatCallButtons({ peerUserID }: { readonly peerUserID: string }) {
  const features = useObservableEagerState(useSignedIn().capabilities.features$);
  const vm = useViewModel((vms) => vms.callOverlay());
  if (features.calls === 'absent') return null;
  return <CallButtons peerUserID={peerUserID} viewModel={vm} />;
}
