import { Button, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { ChatViewModel, MessageView } from '@teamim/application';
import { memo } from 'react';
import { useText } from '../text';
import { MessageBody } from './bodies/MessageBody';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  notice: { textAlign: 'center', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  noticeText: {
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusCircular,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
  },
  message: {
    display: 'grid',
    gridTemplateColumns: '36px minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  first: { paddingTop: tokens.spacingVerticalM },
  meta: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  sender: { fontWeight: tokens.fontWeightSemibold },
  time: { color: tokens.colorNeutralForeground3 },
  gutterTime: {
    color: tokens.colorNeutralForeground4,
    fontSize: tokens.fontSizeBase100,
    textAlign: 'end',
    paddingTop: '3px',
  },
  content: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * One entry of the message list: a notice line, or a bubble with the sender's avatar and name (left
 * out when it continues the sender's previous bubble), its body and its send state.
 */
export const MessageRow = memo(function MessageRow({
  view,
  vm,
}: {
  readonly view: MessageView;
  readonly vm: ChatViewModel;
}) {
  const { t } = useText();
  const styles = useStyles();
  if (view.kind === 'notice') {
    return (
      <div role="note" className={styles.notice}>
        <Text size={200} className={styles.noticeText}>
          {view.text}
        </Text>
      </div>
    );
  }
  return (
    <article
      aria-label={view.own ? t('ui.chat.message.fromSelf') : view.sender}
      data-own={view.own ? 'true' : 'false'}
      className={mergeClasses(styles.message, !view.continued && styles.first)}
    >
      {view.continued ? (
        <span className={styles.gutterTime} aria-hidden>
          {view.time}
        </span>
      ) : (
        <FaceAvatar name={view.sender} faceURL={view.senderFaceURL} size={36} />
      )}
      <div>
        {!view.continued && (
          <div className={styles.meta}>
            <Text className={styles.sender}>{view.own ? t('ui.chat.message.fromSelf') : view.sender}</Text>
            <Text size={100} className={styles.time}>
              {view.time}
            </Text>
          </div>
        )}
        <div className={styles.content}>
          <MessageBody body={view.body} vm={vm} />
          {view.state === 'sending' && (
            <Spinner size="extra-tiny" aria-label={t('ui.chat.message.sending')} />
          )}
          {view.state === 'failed' && (
            <Button
              appearance="transparent"
              size="small"
              icon={<ErrorCircleRegular className={styles.failed} />}
              aria-label={t('ui.chat.message.resend')}
              title={t('ui.chat.message.resend')}
              onClick={() => void vm.resend(view.id)}
            />
          )}
        </div>
      </div>
    </article>
  );
});
