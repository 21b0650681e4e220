import { Button, makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import type { ChatHeader as ChatHeaderData } from '@teamim/application';
import { useText } from '../text';
import { useChatSlots } from './chat-slots';
import { TypingIndicator } from './mentions/TypingIndicator';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
    minHeight: '56px',
    boxSizing: 'border-box',
  },
  title: { flex: 1, minWidth: 0, display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  members: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, flexShrink: 0 },
});

/**
 * The chat view's header (spec §2): avatar, name, member count in groups, and the header buttons.
 * The calls and groups features fill their buttons in through the chat's slots, in the spec's order
 * (calls, then create group or invite), before the settings button that opens the conversation drawer.
 */
export function ChatHeader(props: {
  readonly conversationID: string;
  readonly header: ChatHeaderData;
  readonly settingsID: string;
  readonly onOpenSettings: () => void;
}) {
  const { header } = props;
  const { t } = useText();
  const styles = useStyles();
  const {
    callButtons: CallButtons,
    groupButtons: GroupButtons,
    meetingButtons: MeetingButtons,
  } = useChatSlots();
  return (
    <header className={styles.header}>
      <FaceAvatar name={header.name} faceURL={header.faceURL} size={36} group={header.isGroup} />
      <div className={styles.title}>
        <Title3 as="h2" className={styles.name}>
          {header.name}
        </Title3>
        {header.memberCount !== undefined && (
          <Text size={300} className={styles.members}>
            {t('ui.chat.header.members', { count: header.memberCount })}
          </Text>
        )}
        {/* The other party typing */}
        {!header.isGroup && <TypingIndicator conversationID={props.conversationID} />}
      </div>
      <div role="group" aria-label={t('ui.chat.header.actions')} className={styles.actions}>
        {/* Calls */}
        {CallButtons !== undefined && !header.isGroup && header.userID !== '' && (
          <CallButtons peerUserID={header.userID} />
        )}
        {/* Meetings: a group's quick and scheduled meetings */}
        {MeetingButtons !== undefined && header.isGroup && (
          <MeetingButtons conversationID={props.conversationID} />
        )}
        {/* Groups: create group (single chats) and invite (groups) */}
        {GroupButtons !== undefined && <GroupButtons header={header} />}
        <Button
          id={props.settingsID}
          appearance="subtle"
          icon={<SettingsRegular />}
          aria-label={t('ui.chat.header.settings')}
          title={t('ui.chat.header.settings')}
          onClick={props.onOpenSettings}
        />
      </div>
    </header>
  );
}
