import { groupHeaderViewModel } from '@teamim/application';
import { Button } from '@fluentui/react-components';
import { PeopleAddRegular, PersonAddRegular } from '@fluentui/react-icons';
import type { ChatHeader } from '@teamim/application';
import { PickerMode } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useState } from 'react';
import { useViewModel } from '../session';
import { useText } from '../text';
import { MemberPickerDialog } from './MemberPickerDialog';

/**
 * The chat header's group icons (spec §2): create group from a single chat (the other party
 * preselected), invite in a group once the own member info is loaded.
 */
export function GroupHeaderButtons({ header }: { readonly header: ChatHeader }) {
  const { t } = useText();
  const vm = useViewModel(
    (vms) => vms.build(groupHeaderViewModel, header.isGroup, header.groupID),
    `${header.isGroup ? 'g' : 's'}:${header.groupID}:${header.userID}`,
  );
  const state = useObservableEagerState(vm.state$);
  const [picker, setPicker] = useState<PickerMode | undefined>(undefined);
  return (
    <>
      {state.createGroup && (
        <Button
          appearance="subtle"
          icon={<PeopleAddRegular />}
          aria-label={t('ui.group.header.createGroup')}
          title={t('ui.group.header.createGroup')}
          onClick={() => setPicker(PickerMode.CreateGroup)}
        />
      )}
      {state.invite && (
        <Button
          appearance="subtle"
          icon={<PersonAddRegular />}
          aria-label={t('ui.group.header.invite')}
          title={t('ui.group.header.invite')}
          onClick={() => setPicker(PickerMode.InviteToGroup)}
        />
      )}
      {picker !== undefined && (
        <MemberPickerDialog
          mode={picker}
          {...(picker === PickerMode.InviteToGroup ? { groupID: header.groupID } : {})}
          {...(picker === PickerMode.CreateGroup
            ? { preselected: [{ id: header.userID, name: header.name, faceURL: header.faceURL }] }
            : {})}
          onClose={() => setPicker(undefined)}
        />
      )}
    </>
  );
}
