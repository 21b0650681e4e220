import {
  Button,
  Field,
  Input,
  makeStyles,
  ProgressBar,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import {
  LogUploadViewModel,
  UpdateBannerViewModel,
  type DesktopLogs,
  type LogUploader,
  type LogUploadState,
  type Notifier,
  type Updater,
} from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useId } from 'react';
import { useText } from '../text';
import type { UiKey } from '../ui-messages';
import { updateText } from './update-text';
import { useOwnedViewModel } from '../view-model-lifetime';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  section: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0 },
  heading: { margin: 0 },
  lines: { maxWidth: '220px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  status: { color: tokens.colorNeutralForeground2 },
});

export interface AboutDesktopPorts {
  readonly logs: DesktopLogs;
  readonly logUploader: LogUploader;
  readonly notifier: Notifier;
  readonly updater: Updater;
}

const PHASE_KEYS: Record<Exclude<LogUploadState['phase'], 'idle'>, UiKey> = {
  collecting: 'ui.desktop.logs.collecting',
  uploading: 'ui.desktop.logs.uploading',
  succeeded: 'ui.desktop.logs.succeeded',
  failed: 'ui.desktop.logs.failed',
};

/** About (desktop only, spec §5): log upload with a progress percentage, and "check for updates". */
export function AboutDesktop({ ports }: { readonly ports: AboutDesktopPorts }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <LogUpload ports={ports} />
      <UpdateCheck updater={ports.updater} />
    </div>
  );
}

function LogUpload({ ports }: { readonly ports: AboutDesktopPorts }) {
  const { t } = useText();
  const styles = useStyles();
  const headingId = useId();
  const vm = useOwnedViewModel(
    () => new LogUploadViewModel(ports.logs, ports.logUploader, ports.notifier),
    [ports],
  );
  const state = useObservableEagerState(vm.state$);
  const busy = state.phase === 'collecting' || state.phase === 'uploading';
  const count = state.lineInput.trim();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {t('ui.desktop.logs.title')}
      </Subtitle2>
      <Field
        label={t('ui.desktop.logs.lines')}
        validationState={state.lineInputValid ? 'none' : 'error'}
        validationMessage={state.lineInputValid ? null : t('ui.desktop.logs.linesInvalid')}
        className={styles.lines}
      >
        <Input
          inputMode="numeric"
          value={state.lineInput}
          onChange={(_event, data) => vm.setLineInput(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void vm.uploadChosen();
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button
          icon={<ArrowUploadRegular />}
          disabled={busy || !state.lineInputValid}
          onClick={() => void vm.uploadChosen()}
        >
          {state.lineInputValid
            ? t('ui.desktop.logs.uploadChosen', { count })
            : t('ui.desktop.logs.uploadChosenInvalid')}
        </Button>
        <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => void vm.uploadAll()}>
          {t('ui.desktop.logs.uploadAll')}
        </Button>
      </div>
      <div role="status" className={styles.section}>
        {state.phase !== 'idle' && (
          <>
            <Text className={styles.status}>{t(PHASE_KEYS[state.phase], { percent: state.percent })}</Text>
            <ProgressBar
              value={state.percent / 100}
              color={state.phase === 'failed' ? 'error' : state.phase === 'succeeded' ? 'success' : 'brand'}
              aria-label={t('ui.desktop.logs.progress')}
              aria-valuetext={`${state.percent}%`}
            />
          </>
        )}
      </div>
    </section>
  );
}

function UpdateCheck({ updater }: { readonly updater: Updater }) {
  const { t } = useText();
  const styles = useStyles();
  const headingId = useId();
  const vm = useOwnedViewModel(() => new UpdateBannerViewModel(updater), [updater]);
  const state = useObservableEagerState(vm.state$);
  const text = updateText(state.update);
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {t('ui.desktop.updates.title')}
      </Subtitle2>
      <Text role="status" className={styles.status}>
        {text === undefined ? '' : t(text.key, text.params)}
      </Text>
      <div className={styles.actions}>
        <Button icon={<ArrowSyncRegular />} disabled={!state.canCheck} onClick={() => void vm.check()}>
          {t('ui.desktop.update.check')}
        </Button>
        {state.canRestart && (
          <Button appearance="primary" onClick={() => void vm.restart()}>
            {t('ui.desktop.update.restart')}
          </Button>
        )}
      </div>
    </section>
  );
}
