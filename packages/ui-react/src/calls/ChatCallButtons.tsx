import { callButtonsViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../session';
import { CallButtons } from './CallButtons';

/**
 * The voice and video call buttons of a single chat's header (spec §2), offered only where calls can
 * work: the view model says when (see DeploymentCapabilities).
 */
export function ChatCallButtons({ peerUserID }: { readonly peerUserID: string }) {
  const vm = useViewModel((vms) => vms.build(callButtonsViewModel));
  const { callsAvailable } = useObservableEagerState(vm.state$);
  if (!callsAvailable) return null;
  return <CallButtons peerUserID={peerUserID} viewModel={vm} />;
}
