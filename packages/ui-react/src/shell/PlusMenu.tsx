import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useContactDialogs } from '../common/contact-dialogs';
import { useText } from '../text';
import { PlusButton } from './PlusButton';

/**
 * Add friends (hidden when self allowAddFriend is not-allow), Add group, Create group (only if allowed).
 * Mounted when first asked for (see useMenuOnRequest), so it opens at once; then it opens and closes itself.
 */
export function PlusMenu(props: { readonly canAddFriends: boolean; readonly canCreateGroup: boolean }) {
  const { t } = useText();
  const dialogs = useContactDialogs();
  return (
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
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
