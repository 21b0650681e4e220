import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  tokens,
} from '@fluentui/react-components';
import { UpdateBannerViewModel, type Updater } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useText } from '../text';
import { updateText } from './update-text';
import { useOwnedViewModel } from '../view-model-lifetime';

const useStyles = makeStyles({
  // Full width under the title bar: a bottom rule only, no card edges.
  banner: { borderRadius: 0, flexShrink: 0, borderTopWidth: 0, borderLeftWidth: 0, borderRightWidth: 0 },
  body: { display: 'grid', gap: tokens.spacingVerticalXS, minWidth: 0 },
  progress: { maxWidth: '360px' },
});

/** Auto-update above the shell: an update is available, downloading (with progress), or ready to install. */
export function UpdateBanner({ updater }: { readonly updater: Updater }) {
  const { t } = useText();
  const styles = useStyles();
  const vm = useOwnedViewModel(() => new UpdateBannerViewModel(updater), [updater]);
  const state = useObservableEagerState(vm.state$);
  const text = updateText(state.update);
  return (
    // The live region stays mounted, so the first announcement is not lost when the banner appears.
    <div role="region" aria-label={t('ui.desktop.update.region')} aria-live="polite">
      {state.visible && text !== undefined && (
        <MessageBar
          intent={state.canRestart ? 'success' : 'info'}
          layout="multiline"
          className={styles.banner}
        >
          <MessageBarBody className={styles.body}>
            {t(text.key, text.params)}
            {state.update.status === 'downloading' && (
              <ProgressBar
                className={styles.progress}
                value={state.update.percent / 100}
                aria-label={t(text.key, text.params)}
              />
            )}
          </MessageBarBody>
          {state.canRestart && (
            <MessageBarActions>
              <Button appearance="primary" size="small" onClick={() => void vm.restart()}>
                {t('ui.desktop.update.restart')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
    </div>
  );
}
