import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { Suspense, useMemo, useState } from 'react';
import { endCallButton } from '../common/end-call-style';
import { deferred } from '../deferred';
import { useSessionViewModels } from '../session';
import { useText } from '../text';

// The meeting view (its view model, grid, popover and strings) is needed only once a meeting is joined:
// it loads then, outside the sign-in page's and the chat list's bundles.
export const meetingRoom = deferred(() => import('./MeetingRoom').then((m) => m.MeetingRoom));

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: tokens.spacingVerticalXXL,
    left: 0,
    right: 0,
    marginInline: 'auto',
    width: 'fit-content',
    zIndex: 1000,
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  leave: endCallButton,
});

/** In the view's place when its code could not load: says so, and keeps the way out of the meeting. */
function MeetingRoomUnavailable() {
  const vms = useSessionViewModels();
  const styles = useStyles();
  const { t } = useText();
  return (
    <div role="alert" className={styles.bar}>
      {/* The view's own strings are in the chunk that failed: these come with the domain's table. */}
      <Text>{t('meetingRoom.viewUnavailable')}</Text>
      <Button className={styles.leave} onClick={() => void vms.leaveMeeting()}>
        {t('meetingRoom.leave')}
      </Button>
    </div>
  );
}

/** The session's meeting view: mounted anew with each meeting joined, over every page; nothing between. */
export function SessionMeetingRoom() {
  const vms = useSessionViewModels();
  const open$ = useMemo(() => vms.meetingOpen$(), [vms]);
  const open = useObservableEagerState(open$);
  const [meetings, setMeetings] = useState({ count: open ? 1 : 0, open });
  if (open !== meetings.open) setMeetings({ count: open ? meetings.count + 1 : meetings.count, open });
  if (meetings.count === 0 || !open) return null;
  return (
    <Suspense fallback={null}>
      <meetingRoom.Component key={meetings.count} unavailable={<MeetingRoomUnavailable />} />
    </Suspense>
  );
}
