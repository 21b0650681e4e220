import { useQrSignInServices, type QrSignInServices } from '../services';
import { useOwnedViewModel } from '../view-model-lifetime';
import { QrConfirmDialog } from './QrConfirmDialog';

function OwnedDialog(props: {
  readonly services: QrSignInServices;
  readonly code: string | undefined;
  readonly onClose: () => void;
}) {
  const { services, code, onClose } = props;
  const vm = useOwnedViewModel(() => services.confirm(code), [services, code]);
  return <QrConfirmDialog vm={vm} onClose={onClose} />;
}

/**
 * The confirming dialog with its own view model: for a code from an opened link, or with the camera.
 * Nothing where the composition root offers no sign-in by QR code.
 */
export function ScanToSignIn({
  code,
  onClose,
}: {
  readonly code: string | undefined;
  readonly onClose: () => void;
}) {
  const qrSignIn = useQrSignInServices();
  if (qrSignIn === undefined) return null;
  return <OwnedDialog services={qrSignIn} code={code} onClose={onClose} />;
}
