import { meetingEntryViewModel } from '@teamim/application';
import { Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useState } from 'react';
import { useContactDialogs } from '../common/contact-dialogs';
import { useMeetingText } from '../meetings/meeting-text';
import { useViewModel } from '../session';
import { MeetingPlusDialogs, type MeetingPlusStep } from './MeetingPlusDialogs';
import { PlusButton } from './PlusButton';

/**
 * Add friends (hidden when self allowAddFriend is not-allow), Add group, Create group (only if allowed),
 * and, where the deployment has a media server, a quick or scheduled meeting with people picked.
 * Mounted when first asked for (see useMenuOnRequest), so it opens at once; then it opens and closes itself.
 */
export function PlusMenu(props: { readonly canAddFriends: boolean; readonly canCreateGroup: boolean }) {
  const { t, mt } = useMeetingText();
  const dialogs = useContactDialogs();
  const entry = useViewModel((vms) => vms.build(meetingEntryViewModel));
  const { available } = useObservableEagerState(entry.state$);
  const [step, setStep] = useState<MeetingPlusStep>({ kind: 'none' });
  return (
    <>
      <Menu defaultOpen>
        <MenuTrigger disableButtonEnhancement>
          <PlusButton />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {props.canAddFriends && (
              <MenuItem onClick={() => dialogs.openAddSearch('friend')}>{t('ui.top.addFriend')}</MenuItem>
            )}
            <MenuItem onClick={() => dialogs.openAddSearch('group')}>{t('ui.top.addGroup')}</MenuItem>
            {props.canCreateGroup && (
              <MenuItem onClick={() => dialogs.openCreateGroup()}>{t('ui.top.createGroup')}</MenuItem>
            )}
            {available && (
              <>
                <MenuDivider />
                <MenuItem onClick={() => setStep({ kind: 'pick', then: 'quick' })}>
                  {mt('ui.meeting.quickMeeting')}
                </MenuItem>
                <MenuItem onClick={() => setStep({ kind: 'pick', then: 'schedule' })}>
                  {mt('ui.meeting.scheduleMeeting')}
                </MenuItem>
              </>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      <MeetingPlusDialogs step={step} entry={entry} onStep={setStep} />
    </>
  );
}
