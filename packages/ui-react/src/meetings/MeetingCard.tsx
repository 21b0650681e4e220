import { conversationMeetingsViewModel } from '@teamim/application';
import { Badge, Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { VideoRegular } from '@fluentui/react-icons';
import type { ConversationMeetingsViewModel, MeetingCardView } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { Suspense, useState } from 'react';
import { useViewModel } from '../session';
import { meetingCancelDialog, meetingFormDialog } from './meeting-dialogs';
import { useMeetingText } from './meeting-text';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    width: '280px',
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
  },
  // A finished meeting's state carries its summary: the badge grows to its lines instead of one line high.
  status: {
    height: 'auto',
    minHeight: '20px',
    maxWidth: '100%',
    whiteSpace: 'normal',
    paddingTop: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalXXS,
  },
  label: { flex: 1, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  line: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  description: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase200 },
  done: { color: tokens.colorNeutralForeground3 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalXS,
  },
});

const BADGE_COLOR = {
  notStarted: 'informative',
  awaitingStart: 'warning',
  inProgress: 'success',
  finished: 'subtle',
  cancelled: 'subtle',
} as const;

/**
 * A meeting's card in the chat: title, host, its state as it is now (not started, awaiting start, in
 * progress, finished with its length and how many took part, cancelled), its start, and the buttons the
 * user may use. Every text the users wrote is rendered as text.
 */
export function MeetingCard(props: {
  readonly conversationID: string;
  readonly meetingID: string;
  readonly title: string;
}) {
  const vm = useViewModel(
    (vms) => vms.build(conversationMeetingsViewModel, props.conversationID),
    props.conversationID,
  );
  const state = useObservableEagerState(vm.state$);
  const view = state.meetings[props.meetingID];
  // A card whose meeting is not folded yet (the list is still loading) shows its title alone.
  if (view === undefined) return <MeetingCardFrame title={props.title} />;
  return <MeetingCardFrame title={view.title} view={view} vm={vm} conversationID={props.conversationID} />;
}

function MeetingCardFrame(props: {
  readonly title: string;
  readonly view?: MeetingCardView;
  readonly vm?: ConversationMeetingsViewModel;
  readonly conversationID?: string;
}) {
  const { mt } = useMeetingText();
  const styles = useStyles();
  const [dialog, setDialog] = useState<'edit' | 'cancel' | undefined>(undefined);
  const { view, vm } = props;
  const closed = view?.state === 'finished' || view?.state === 'cancelled';
  return (
    <div
      role="group"
      aria-label={`${mt('ui.meeting.card')}: ${props.title}`}
      className={mergeClasses(styles.card, closed && styles.done)}
      data-meeting-state={view?.state}
    >
      <div className={styles.head}>
        <VideoRegular aria-hidden />
        <Text className={styles.label}>{mt('ui.meeting.card')}</Text>
        {view !== undefined && (
          <Badge
            appearance="tint"
            color={BADGE_COLOR[view.state]}
            className={styles.status}
            data-meeting-status=""
          >
            {view.stateText}
          </Badge>
        )}
      </div>
      <Text className={styles.title}>{props.title}</Text>
      {view !== undefined && (
        <>
          <Text className={styles.line}>{mt('ui.meeting.host', { name: view.hostName })}</Text>
          <Text className={styles.line}>
            {mt('ui.meeting.start', { time: view.startText })} · {view.durationText}
          </Text>
          {view.description !== '' && <Text className={styles.description}>{view.description}</Text>}
          {view.joined && <Text className={styles.line}>{mt('ui.meeting.joined')}</Text>}
        </>
      )}
      {view !== undefined &&
        vm !== undefined &&
        (view.canJoin || view.canStart || view.canEdit || view.canCancel) && (
          <div className={styles.actions}>
            {view.canJoin && (
              <Button appearance="primary" size="small" onClick={() => void vm.join(view.meetingID)}>
                {mt('ui.meeting.join')}
              </Button>
            )}
            {view.canStart && (
              <Button appearance="primary" size="small" onClick={() => void vm.join(view.meetingID)}>
                {mt('ui.meeting.startNow')}
              </Button>
            )}
            {view.canEdit && (
              <Button size="small" aria-haspopup="dialog" onClick={() => setDialog('edit')}>
                {mt('ui.meeting.edit')}
              </Button>
            )}
            {view.canCancel && (
              <Button size="small" aria-haspopup="dialog" onClick={() => setDialog('cancel')}>
                {mt('ui.meeting.cancel')}
              </Button>
            )}
          </div>
        )}
      <Suspense fallback={null}>
        {dialog === 'edit' && view !== undefined && props.conversationID !== undefined && (
          <meetingFormDialog.Component
            target={{ kind: 'edit', meetingID: view.meetingID, conversationID: props.conversationID }}
            onClose={() => setDialog(undefined)}
          />
        )}
        {dialog === 'cancel' && view !== undefined && vm !== undefined && (
          <meetingCancelDialog.Component
            title={view.title}
            onConfirm={() => void vm.cancel(view.meetingID)}
            onClose={() => setDialog(undefined)}
          />
        )}
      </Suspense>
    </div>
  );
}
