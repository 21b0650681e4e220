import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { CallOverlayViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useText } from '../text';
import { endCallButton } from '../common/end-call-style';

/** What the overlay's host reads of its view model: whether a call is open, and how to end it. */
export type CallOverlayHostViewModel = Pick<CallOverlayViewModel, 'state$' | 'close'>;

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: tokens.spacingVerticalXXL,
    left: 0,
    right: 0,
    marginInline: 'auto',
    width: 'fit-content',
    maxWidth: '90vw',
    zIndex: 1000,
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  end: endCallButton,
});

/**
 * In the overlay's place while a call rings or runs and the overlay's code could not be loaded: says so,
 * and keeps the one action that must never be out of reach, ending the call (decline, cancel or hang up).
 */
export function CallOverlayUnavailable({ viewModel }: { readonly viewModel: CallOverlayHostViewModel }) {
  const state = useObservableEagerState(viewModel.state$);
  const styles = useStyles();
  const { t } = useText();
  if (!state.open) return null;
  return (
    <div role="alert" className={styles.bar}>
      <Text>{t('ui.call.overlayUnavailable', { name: state.peer.nickname })}</Text>
      <Button className={styles.end} onClick={() => void viewModel.close()}>
        {t(state.closeLabelKey)}
      </Button>
    </div>
  );
}
