import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import type { QrSignInState, QrSignInViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQrSignInServices, type QrSignInServices } from '../services';
import { useOwnedViewModel } from '../view-model-lifetime';
import { useQrText } from '../common/qr-text';
import { QrCodeImage } from './QrCodeImage';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    textAlign: 'center',
  },
  placeholder: {
    display: 'grid',
    placeItems: 'center',
    width: '224px',
    height: '224px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  picture: {
    display: 'grid',
    placeItems: 'center',
    width: '96px',
    height: '96px',
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  scanner: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS },
  instructions: { color: tokens.colorNeutralForeground2, maxWidth: '360px', textAlign: 'center' },
  status: { fontWeight: tokens.fontWeightSemibold },
  link: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    width: '100%',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  linkText: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    wordBreak: 'break-all',
    userSelect: 'all',
  },
});

function statusText(state: QrSignInState, qt: ReturnType<typeof useQrText>['qt']): string {
  switch (state.phase) {
    case 'scanned':
      return qt('ui.qr.state.scanned', { name: state.scanner?.nickname ?? '' });
    case 'failed':
      return '';
    default:
      return qt(`ui.qr.state.${state.phase}`);
  }
}

/**
 * The scanning account's picture where its address is a web one, else its initial. Not FaceAvatar or
 * Fluent's Avatar: this lazily loaded view then shares no module with the chat's first load.
 */
function ScannerPicture({ nickname, faceURL }: { readonly nickname: string; readonly faceURL: string }) {
  const styles = useStyles();
  if (/^https?:\/\//i.test(faceURL)) {
    return <img className={styles.picture} src={faceURL} alt="" width={96} height={96} />;
  }
  return (
    <span className={styles.picture} aria-hidden="true">
      {Array.from(nickname.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/**
 * The sign-in screen's QR tab: the code to scan (with its link as text, for screen readers and for
 * opening it in a signed-in browser), who scanned it, and a button once it ended. Every state is
 * announced (a polite live region), as the code itself is silent.
 */
export function QrSignInPanel() {
  const services = useQrSignInServices();
  return services === undefined ? null : <OwnedPanel services={services} />;
}

/**
 * The tab's view model lives while the tab is shown: it makes its first code when the tab opens and
 * stops following it when the tab is left; once confirmed, the app opens.
 */
function OwnedPanel({ services }: { readonly services: QrSignInServices }) {
  const vm = useOwnedViewModel(() => services.waitingPage(), [services]);
  const state = useObservableEagerState(vm.state$);
  const navigate = useNavigate();
  useEffect(() => {
    vm.start();
  }, [vm]);
  useEffect(() => {
    if (state.signedIn) void navigate('/chat', { replace: true });
  }, [state.signedIn, navigate]);
  return <Panel vm={vm} state={state} />;
}

function Panel({ vm, state }: { readonly vm: QrSignInViewModel; readonly state: QrSignInState }) {
  const styles = useStyles();
  const { qt, display } = useQrText();
  const ended = state.phase === 'expired' || state.phase === 'cancelled' || state.phase === 'failed';
  return (
    <div className={styles.panel}>
      {state.phase === 'scanned' && state.scanner !== undefined ? (
        <div className={styles.scanner}>
          <ScannerPicture nickname={state.scanner.nickname} faceURL={state.scanner.faceURL} />
          <Body1 className={styles.status}>{state.scanner.nickname}</Body1>
        </div>
      ) : state.link !== undefined ? (
        <QrCodeImage text={state.link} label={qt('ui.qr.image')} />
      ) : (
        <div className={styles.placeholder}>
          {ended && (
            <Button appearance="primary" onClick={() => void vm.refresh()}>
              {qt('ui.qr.refresh')}
            </Button>
          )}
        </div>
      )}
      <div role="status" aria-live="polite" aria-atomic="true">
        {state.phase === 'failed' && state.failure !== undefined ? (
          <MessageBar intent="error">
            <MessageBarBody>{display(state.failure)}</MessageBarBody>
          </MessageBar>
        ) : (
          <Body1 className={styles.status}>{statusText(state, qt)}</Body1>
        )}
      </div>
      {(state.phase === 'waiting' || state.phase === 'loading') && (
        <Body1 className={styles.instructions}>{qt('ui.qr.instructions')}</Body1>
      )}
      {state.phase === 'waiting' && state.link !== undefined && (
        <div className={styles.link}>
          <Caption1>{qt('ui.qr.linkLabel')}</Caption1>
          <span className={styles.linkText} data-testid="qr-sign-in-link">
            {state.link}
          </span>
        </div>
      )}
    </div>
  );
}
