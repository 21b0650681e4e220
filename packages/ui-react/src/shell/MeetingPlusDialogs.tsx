import type { MeetingEntryViewModel, PickerItem } from '@teamim/application';
import { PickerMode } from '@teamim/domain';
import { Suspense, useState } from 'react';
import { deferred } from '../deferred';
import { meetingFormDialog } from '../meetings/meeting-dialogs';

// The picker's own chunk, shared with the contact dialogs' create-group picker.
const memberPicker = deferred(() => import('../groups/MemberPickerDialog').then((m) => m.MemberPickerDialog));

export type MeetingPlusStep =
  | { readonly kind: 'none' }
  | { readonly kind: 'pick'; readonly then: 'quick' | 'schedule' }
  | { readonly kind: 'schedule'; readonly userIDs: readonly string[] };

/**
 * The plus menu's meetings with people not in one group: the member picker, then a quick meeting at
 * once or the schedule dialog for the people picked.
 */
export function MeetingPlusDialogs(props: {
  readonly step: MeetingPlusStep;
  readonly entry: MeetingEntryViewModel;
  readonly onStep: (step: MeetingPlusStep) => void;
}) {
  const { step, entry, onStep } = props;
  const [picked, setPicked] = useState<readonly PickerItem[]>([]);
  const close = () => onStep({ kind: 'none' });
  return (
    <Suspense fallback={null}>
      {step.kind === 'pick' && (
        <memberPicker.Component
          mode={PickerMode.SelectUser}
          preselected={picked}
          onClose={close}
          onSelected={(items) => {
            setPicked(items);
            const userIDs = items.map((item) => item.id);
            if (step.then === 'quick') {
              close();
              void entry.quickWith(userIDs);
            } else {
              onStep({ kind: 'schedule', userIDs });
            }
          }}
        />
      )}
      {step.kind === 'schedule' && (
        <meetingFormDialog.Component
          target={{ kind: 'schedule', audience: { kind: 'people', userIDs: step.userIDs } }}
          onClose={close}
        />
      )}
    </Suspense>
  );
}
