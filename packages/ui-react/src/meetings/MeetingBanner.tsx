import { conversationMeetingsViewModel } from '@teamim/application';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { VideoRegular } from '@fluentui/react-icons';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../session';
import { useMeetingText } from './meeting-text';

const useStyles = makeStyles({
  banner: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorNeutralForeground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  text: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** Above the chat while a meeting there is in progress, with Join for those not in it yet. */
export function MeetingBanner({ conversationID }: { readonly conversationID: string }) {
  const vm = useViewModel((vms) => vms.build(conversationMeetingsViewModel, conversationID), conversationID);
  const { inProgress } = useObservableEagerState(vm.state$);
  const { mt } = useMeetingText();
  const styles = useStyles();
  if (inProgress === undefined) return null;
  return (
    <div role="status" className={styles.banner} data-meeting-banner="">
      <VideoRegular aria-hidden />
      <Text className={styles.text}>{mt('ui.meeting.banner', { title: inProgress.title })}</Text>
      {inProgress.canJoin && (
        <Button appearance="primary" size="small" onClick={() => void vm.join(inProgress.meetingID)}>
          {mt('ui.meeting.join')}
        </Button>
      )}
    </div>
  );
}
