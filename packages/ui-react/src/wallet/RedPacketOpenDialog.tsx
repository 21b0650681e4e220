import { redPacketOpenViewModel } from '@teamim/application';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { GiftFilled } from '@fluentui/react-icons';
import type { RedPacketSenderView } from '@teamim/application';
import type { Message } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useLayoutEffect, useRef } from 'react';
import { CardDialog } from '../common/CardDialog';
import { useViewModel } from '../session';
import { useText } from '../text';
import { RedPacketClaims } from './RedPacketClaims';

const useStyles = makeStyles({
  body: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalL,
    textAlign: 'center',
  },
  icon: { fontSize: '56px', color: tokens.colorPaletteRedForeground1 },
  greeting: {
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  amount: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  open: {
    minWidth: '88px',
    minHeight: '88px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase500,
  },
});

type Translate = ReturnType<typeof useText>['t'];

/** What the sender of a one-to-one packet sees: its amount and state, never "Open". */
function SenderState(props: {
  readonly sent: RedPacketSenderView;
  readonly lifetime: string | undefined;
  readonly t: Translate;
  readonly mutedClass: string;
}) {
  const { sent, lifetime, t, mutedClass } = props;
  const line = (() => {
    switch (sent.state) {
      case 'waiting':
        return lifetime === undefined
          ? t('ui.redPacket.sentWaiting')
          : t('ui.redPacket.sentWaitingFor', { duration: lifetime });
      case 'opened':
        return t('ui.redPacket.sentOpened', { name: sent.openedBy, time: sent.openedAt });
      case 'expired':
        return t('ui.redPacket.sentExpired');
      case 'refunded':
        return t('ui.redPacket.sentRefunded', { amount: sent.refund });
    }
  })();
  return (
    <>
      <Text className={mutedClass}>{t('ui.redPacket.sentAmount', { amount: sent.amount })}</Text>
      <Text>{line}</Text>
    </>
  );
}

/** Opening a red packet (spec §4): the amount received, or why it cannot be opened. */
export function RedPacketOpenDialog(props: { readonly message: Message; readonly onClose: () => void }) {
  const { message, onClose } = props;
  const vm = useViewModel((vms) => vms.build(redPacketOpenViewModel, message), message.clientMsgID);
  const state = useObservableEagerState(vm.state$);
  const { t, display } = useText();
  const styles = useStyles();
  // The Open button goes away once pressed or once the packet turns out taken. Focus left on a removed
  // button falls to the page, where the dialog no longer hears Escape; so it moves to the outcome first
  // (on the press, and before the settled state paints), which a screen reader then reads.
  const result = useRef<HTMLDivElement>(null);
  const settled = state.status !== 'closed' && state.status !== 'opening' && state.status !== 'sent';
  useLayoutEffect(() => {
    if (settled) result.current?.focus();
  }, [settled]);
  const open = () => {
    result.current?.focus();
    void vm.open();
  };
  const lifetime =
    state.lifetime === undefined ? undefined : t(state.lifetime.i18nKey, state.lifetime.params);
  const outcome = (() => {
    switch (state.status) {
      case 'sent':
        if (state.failure !== undefined) {
          return (
            <Text role="alert" className={styles.error}>
              {display(state.failure)}
            </Text>
          );
        }
        return state.sent === undefined ? (
          <Spinner size="small" label={t('ui.redPacket.sentLoading')} />
        ) : (
          <SenderState sent={state.sent} lifetime={lifetime} t={t} mutedClass={styles.muted} />
        );
      case 'closed':
      case 'failed':
        return (
          <>
            {state.failure !== undefined && (
              <Text role="alert" className={styles.error}>
                {display(state.failure)}
              </Text>
            )}
            <Button appearance="primary" className={styles.open} autoFocus onClick={open}>
              {t('ui.redPacket.open')}
            </Button>
          </>
        );
      case 'opening':
        return <Spinner label={t('ui.redPacket.opening')} />;
      case 'received':
        return state.amount === '' ? (
          <Text>{t('ui.redPacket.receivedNoAmount')}</Text>
        ) : (
          <>
            <Text className={styles.muted}>{t('ui.redPacket.received')}</Text>
            <Text className={styles.amount}>¥{state.amount}</Text>
          </>
        );
      case 'alreadyOpened':
        return <Text className={styles.muted}>{t('ui.redPacket.alreadyOpened')}</Text>;
      case 'allClaimed':
        return <Text className={styles.muted}>{t('ui.redPacket.allClaimed')}</Text>;
      case 'expired':
        return (
          <Text className={styles.muted}>
            {lifetime === undefined
              ? t('ui.redPacket.expiredText')
              : t('ui.redPacket.expiredAfter', { duration: lifetime })}
          </Text>
        );
    }
  })();
  return (
    <CardDialog title={t('ui.redPacket.from', { name: state.senderName })} width="modal" onClose={onClose}>
      <div className={styles.body}>
        <GiftFilled className={styles.icon} aria-hidden />
        <Text className={styles.greeting}>{state.greeting}</Text>
        <div ref={result} tabIndex={-1} role="status" aria-live="polite" className={styles.body}>
          {outcome}
        </div>
        {state.claims !== undefined && state.progress !== undefined && (
          <RedPacketClaims claims={state.claims} progress={state.progress} />
        )}
      </div>
    </CardDialog>
  );
}
