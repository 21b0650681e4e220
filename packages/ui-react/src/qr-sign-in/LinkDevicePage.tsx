import { qrCodeFromFragment } from '@teamim/domain';
import { useLocation, useNavigate } from 'react-router';
import { ScanToSignIn } from './ScanToSignIn';

/**
 * Where a sign-in link lands in a signed-in browser: the confirming dialog at once, no camera needed.
 * The code rides in the fragment, which no server sees; closing the dialog goes to the chats.
 */
export function LinkDevicePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const code = qrCodeFromFragment(location.hash);
  const leave = () => void navigate('/chat', { replace: true });
  return <ScanToSignIn code={code} onClose={leave} />;
}
