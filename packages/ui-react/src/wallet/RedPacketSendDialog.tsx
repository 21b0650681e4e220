import { redPacketSendViewModel } from '@teamim/application';
import {
  Button,
  DialogActions,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useId } from 'react';
import { CardDialog } from '../common/CardDialog';
import { useViewModel } from '../session';
import { useText } from '../text';
import { PinBoxes } from './PinBoxes';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  total: {
    textAlign: 'center',
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  pin: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
  error: { color: tokens.colorPaletteRedForeground1 },
  status: { minHeight: '24px' },
  action: { whiteSpace: 'nowrap', minWidth: 'max-content' },
});

/**
 * Sends a red packet to the conversation (spec §4, §5): the amount (total and number in groups) and a
 * greeting, then the pay password, whose sixth digit pays. Closes once the packet is sent.
 */
export function RedPacketSendDialog(props: {
  readonly conversationID: string;
  readonly onClose: () => void;
}) {
  const { conversationID, onClose } = props;
  const vm = useViewModel((vms) => vms.build(redPacketSendViewModel, conversationID), conversationID);
  const state = useObservableEagerState(vm.state$);
  const { t, display } = useText();
  const styles = useStyles();
  const pinErrorId = useId();
  useEffect(() => {
    if (state.sent) onClose();
  }, [state.sent, onClose]);

  const error = (field: 'amount' | 'count') => {
    const text = state.errors[field];
    return text === undefined
      ? { validationState: 'none' as const }
      : { validationState: 'error' as const, validationMessage: display(text) };
  };

  if (state.step === 'pin') {
    const pinError = state.errors.pin;
    return (
      <CardDialog
        title={t('ui.redPacket.payTitle')}
        width="modal"
        onClose={onClose}
        footer={
          <DialogActions>
            <Button disabled={state.busy} onClick={() => vm.back()}>
              {t('ui.redPacket.back')}
            </Button>
          </DialogActions>
        }
      >
        <div className={styles.pin}>
          <Text className={styles.total}>¥{state.total}</Text>
          <PinBoxes
            label={t('ui.redPacket.pin')}
            value={state.pin}
            length={state.pinLength}
            autoFocus
            disabled={state.busy}
            invalid={pinError !== undefined}
            {...(pinError === undefined ? {} : { describedBy: pinErrorId })}
            onChange={(value) => void vm.setPin(value)}
          />
          <div className={styles.status} role="status">
            {state.busy && <Spinner size="tiny" label={t('ui.redPacket.paying')} />}
            {pinError !== undefined && (
              <Text id={pinErrorId} className={styles.error}>
                {display(pinError)}
              </Text>
            )}
          </div>
        </div>
      </CardDialog>
    );
  }

  return (
    <CardDialog
      title={t('ui.redPacket.sendTitle')}
      width="modal"
      onClose={onClose}
      footer={
        <DialogActions>
          <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
          <Button appearance="primary" type="submit" form={`${pinErrorId}-form`} className={styles.action}>
            {t('ui.redPacket.putIn')}
          </Button>
        </DialogActions>
      }
    >
      <form
        id={`${pinErrorId}-form`}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          vm.next();
        }}
      >
        <Field
          label={t(state.isGroup ? 'ui.redPacket.total' : 'ui.redPacket.amount')}
          required
          {...error('amount')}
        >
          <Input
            inputMode="decimal"
            autoFocus
            contentBefore="¥"
            placeholder="0.00"
            value={state.amount}
            onChange={(_e, data) => vm.setAmount(data.value)}
          />
        </Field>
        {state.isGroup && (
          <Field label={t('ui.redPacket.count')} required hint={t('ui.redPacket.random')} {...error('count')}>
            <Input inputMode="numeric" value={state.count} onChange={(_e, data) => vm.setCount(data.value)} />
          </Field>
        )}
        <Field label={t('ui.redPacket.greeting')}>
          <Textarea
            rows={2}
            resize="none"
            placeholder={display(state.defaultGreeting)}
            value={state.message}
            onChange={(_e, data) => vm.setMessage(data.value)}
          />
        </Field>
        <Text className={styles.total} aria-live="polite">
          ¥{state.total === '' ? '0.00' : state.total}
        </Text>
      </form>
    </CardDialog>
  );
}
