import { conversationMeetingsViewModel } from '@teamim/application';
import { Button } from '@fluentui/react-components';
import { CalendarAddRegular, VideoAddRegular } from '@fluentui/react-icons';
import { useObservableEagerState } from 'observable-hooks';
import { Suspense, useState } from 'react';
import { useViewModel } from '../session';
import { meetingFormDialog } from './meeting-dialogs';
import { useMeetingText } from './meeting-text';

/**
 * A group chat's Start meeting (a quick meeting, joined at once) and Schedule meeting buttons, where
 * the deployment has a media server (hidden like the call buttons elsewhere).
 */
export function MeetingHeaderButtons({ conversationID }: { readonly conversationID: string }) {
  const vm = useViewModel((vms) => vms.build(conversationMeetingsViewModel, conversationID), conversationID);
  const state = useObservableEagerState(vm.state$);
  const { mt } = useMeetingText();
  const [scheduling, setScheduling] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = vm.scheduleTarget();
  if (!state.available || !state.isGroup) return null;
  return (
    <>
      <Button
        appearance="subtle"
        icon={<VideoAddRegular />}
        aria-label={mt('ui.meeting.startMeeting')}
        title={mt('ui.meeting.startMeeting')}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void vm.startQuick().finally(() => setBusy(false));
        }}
      />
      <Button
        appearance="subtle"
        icon={<CalendarAddRegular />}
        aria-label={mt('ui.meeting.scheduleMeeting')}
        title={mt('ui.meeting.scheduleMeeting')}
        aria-haspopup="dialog"
        onClick={() => setScheduling(true)}
      />
      <Suspense fallback={null}>
        {scheduling && target !== undefined && (
          <meetingFormDialog.Component target={target} onClose={() => setScheduling(false)} />
        )}
      </Suspense>
    </>
  );
}
