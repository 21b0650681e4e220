import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { QrConfirmState, QrConfirmViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useQrText, type QrKey } from '../common/qr-text';
import { QrCamera } from './QrCamera';

const useStyles = makeStyles({
  surface: { maxWidth: '440px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  device: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  warning: { color: tokens.colorNeutralForeground2 },
});

const PLATFORM_KEYS: Partial<Record<number, QrKey>> = {
  1: 'ui.qr.platform.1',
  2: 'ui.qr.platform.2',
  3: 'ui.qr.platform.3',
  4: 'ui.qr.platform.4',
  5: 'ui.qr.platform.5',
  6: 'ui.qr.platform.6',
  7: 'ui.qr.platform.7',
  8: 'ui.qr.platform.8',
  9: 'ui.qr.platform.9',
};

/** What asks to sign in: platform, browser and time, then the question. */
function Request({ state }: { readonly state: QrConfirmState }) {
  const styles = useStyles();
  const { qt } = useQrText();
  const request = state.request;
  if (request === undefined) return null;
  const platformKey = PLATFORM_KEYS[request.platform];
  return (
    <>
      <Body1>{qt('ui.qr.confirm.question')}</Body1>
      <div className={styles.device}>
        <dl className={styles.facts}>
          <dt className={styles.term}>{qt('ui.qr.confirm.platform')}</dt>
          <dd className={styles.value}>
            {platformKey === undefined ? String(request.platform) : qt(platformKey)}
          </dd>
          <dt className={styles.term}>{qt('ui.qr.confirm.browser')}</dt>
          <dd className={styles.value}>{request.deviceName || qt('ui.qr.confirm.unknownBrowser')}</dd>
          <dt className={styles.term}>{qt('ui.qr.confirm.time')}</dt>
          <dd className={styles.value}>{state.requestTime}</dd>
        </dl>
      </div>
      <Body1 className={styles.warning}>{qt('ui.qr.confirm.warning')}</Body1>
    </>
  );
}

/**
 * "Scan to sign in": the camera (or the code of an opened link), what asks to sign in, and the answer.
 * Closing the dialog while it asks declines, so the waiting page is told at once.
 */
export function QrConfirmDialog({
  vm,
  onClose,
}: {
  readonly vm: QrConfirmViewModel;
  readonly onClose: () => void;
}) {
  const styles = useStyles();
  const { qt, display } = useQrText();
  const state = useObservableEagerState(vm.state$);
  const close = () => {
    if (state.phase === 'asking') void vm.cancel();
    onClose();
  };
  const status = (() => {
    switch (state.phase) {
      case 'checking':
        return qt('ui.qr.confirm.checking');
      case 'confirming':
        return qt('ui.qr.confirm.confirming');
      case 'confirmed':
        return qt('ui.qr.confirm.confirmed');
      case 'cancelled':
        return qt('ui.qr.confirm.cancelled');
      default:
        return '';
    }
  })();
  return (
    <Dialog open modalType="modal" onOpenChange={(_e, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{qt('ui.qr.confirm.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            {state.phase === 'camera' && <QrCamera onDecoded={(text) => void vm.decoded(text)} />}
            {state.phase === 'asking' && <Request state={state} />}
            {(state.phase === 'checking' || state.phase === 'confirming') && <Spinner size="small" />}
            <div role="status" aria-live="polite" aria-atomic="true">
              {state.phase === 'failed' && state.failure !== undefined ? (
                <MessageBar intent="error">
                  <MessageBarBody>{display(state.failure)}</MessageBarBody>
                </MessageBar>
              ) : state.notASignInCode ? (
                <MessageBar intent="warning">
                  <MessageBarBody>{qt('ui.qr.confirm.notASignInCode')}</MessageBarBody>
                </MessageBar>
              ) : (
                status !== '' && <Body1>{status}</Body1>
              )}
            </div>
          </DialogContent>
          <DialogActions>
            {state.phase === 'asking' ? (
              <>
                <Button onClick={close}>{qt('ui.qr.confirm.decline')}</Button>
                <Button appearance="primary" onClick={() => void vm.confirm()}>
                  {qt('ui.qr.confirm.accept')}
                </Button>
              </>
            ) : (
              <>
                {state.phase === 'failed' && (
                  <Button onClick={() => vm.scanAgain()}>{qt('ui.qr.confirm.scanAgain')}</Button>
                )}
                <Button appearance={state.phase === 'confirmed' ? 'primary' : 'secondary'} onClick={close}>
                  {qt('ui.qr.confirm.close')}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
