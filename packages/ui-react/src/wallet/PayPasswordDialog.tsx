import { payPasswordViewModel } from '@teamim/application';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useId } from 'react';
import { CardDialog } from '../common/CardDialog';
import { useViewModel } from '../session';
import { useText } from '../text';
import { PinBoxes } from './PinBoxes';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '24px' },
  success: { color: tokens.colorPaletteGreenForeground1 },
});

const FIELD_LABELS = { old: 'ui.pay.old', new: 'ui.pay.new', confirm: 'ui.pay.confirm' } as const;

/** Set or change the pay password (spec §2, §4): six boxes per field; closes 1 s after success. */
export function PayPasswordDialog({ onClose }: { readonly onClose: () => void }) {
  const vm = useViewModel((vms) => vms.build(payPasswordViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t, display } = useText();
  const styles = useStyles();
  const id = useId();
  useEffect(() => {
    if (state.closed) onClose();
  }, [state.closed, onClose]);
  const title = t(state.mode === 'change' ? 'ui.pay.titleChange' : 'ui.pay.titleSet');
  return (
    <CardDialog title={title} width="modal" onClose={onClose}>
      <div className={styles.form}>
        <Text className={styles.hint}>{t('ui.pay.hint')}</Text>
        {state.fields.map((field, index) => {
          const error = state.error?.field === field ? display(state.error.text) : undefined;
          const label = t(FIELD_LABELS[field]);
          const errorId = `${id}-${field}-error`;
          return (
            <div key={field} className={styles.field}>
              {/* The group carries the same name; this is its visible label. */}
              <Text aria-hidden className={styles.label}>
                {label}
              </Text>
              <PinBoxes
                label={label}
                value={state.values[field]}
                length={state.length}
                disabled={state.busy || state.succeeded}
                autoFocus={index === 0}
                invalid={error !== undefined}
                {...(error === undefined ? {} : { describedBy: errorId })}
                onChange={(value) => void vm.setValue(field, value)}
              />
              {error !== undefined && (
                <Text id={errorId} role="alert" className={styles.error}>
                  {error}
                </Text>
              )}
            </div>
          );
        })}
        <div className={styles.status} role="status">
          {state.busy && <Spinner size="tiny" label={t('ui.pay.saving')} />}
          {state.succeeded && <Text className={styles.success}>{t('ui.pay.saved')}</Text>}
          {state.error?.field === 'form' && <Text className={styles.error}>{display(state.error.text)}</Text>}
        </div>
      </div>
    </CardDialog>
  );
}
