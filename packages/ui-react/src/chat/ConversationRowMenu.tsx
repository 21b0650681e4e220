import {
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import type { ConversationListViewModel, ConversationRow } from '@teamim/application';
import { RecvMsgOpt } from '@teamim/domain';
import type { ReactElement } from 'react';
import { useText } from '../text';

/** Where a right click opened the menu; none when the keyboard did (the menu then sits by the row). */
export interface MenuPoint {
  readonly x: number;
  readonly y: number;
}

/** A point as the positioning code takes an element: a rectangle of no size. */
const pointTarget = ({ x, y }: MenuPoint) => ({
  getBoundingClientRect: () => ({ x, y, top: y, left: x, bottom: y, right: x, width: 0, height: 0 }),
});

// Opened from the keyboard (Shift+F10, the context-menu key) the menu takes the focus, as a menu button's
// does: the list keeps it otherwise, and Escape or the arrows would not reach the menu.
const focusFirstItem = (list: HTMLDivElement | null) => {
  list?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
};

/**
 * A conversation row's menu (pin, mark read, receive options, delete). The list mounts it around the row
 * only while it is open, so the rows stay plain elements and this code loads with the first menu.
 */
export function ConversationRowMenu(props: {
  readonly vm: ConversationListViewModel;
  readonly row: ConversationRow;
  readonly at: MenuPoint | undefined;
  readonly onClose: () => void;
  /** The row itself, the menu's trigger. */
  readonly children: ReactElement;
}) {
  const { t } = useText();
  const { row, vm } = props;
  return (
    <Menu
      openOnContext
      open
      onOpenChange={(_event, data) => {
        if (!data.open) props.onClose();
      }}
      {...(props.at === undefined ? {} : { positioning: { target: pointTarget(props.at) } })}
      checkedValues={{ recv: [String(row.recvMsgOpt)] }}
      onCheckedValueChange={(_event, data) => {
        const value = Number(data.checkedItems[0]);
        if (
          value === RecvMsgOpt.Normal ||
          value === RecvMsgOpt.NotReceive ||
          value === RecvMsgOpt.NotNotify
        ) {
          void vm.setRecvMsgOpt(row.id, value);
        }
      }}
    >
      <MenuTrigger disableButtonEnhancement>{props.children}</MenuTrigger>
      <MenuPopover>
        <MenuList
          aria-label={t('ui.chat.list.actions')}
          ref={props.at === undefined ? focusFirstItem : undefined}
        >
          <MenuItem onClick={() => void vm.setPinned(row.id, !row.pinned)}>
            {row.pinned ? t('ui.chat.menu.unpin') : t('ui.chat.menu.pin')}
          </MenuItem>
          <MenuItem disabled={row.unread === 0} onClick={() => void vm.markRead(row.id)}>
            {t('ui.chat.menu.markRead')}
          </MenuItem>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('ui.chat.menu.recvOptions')}</MenuGroupHeader>
            <MenuItemRadio name="recv" value={String(RecvMsgOpt.Normal)}>
              {t('ui.chat.recv.normal')}
            </MenuItemRadio>
            <MenuItemRadio name="recv" value={String(RecvMsgOpt.NotNotify)}>
              {t('ui.chat.recv.notNotify')}
            </MenuItemRadio>
            <MenuItemRadio name="recv" value={String(RecvMsgOpt.NotReceive)}>
              {t('ui.chat.recv.notReceive')}
            </MenuItemRadio>
          </MenuGroup>
          <MenuDivider />
          <MenuItem onClick={() => void vm.delete(row.id)}>{t('ui.chat.menu.delete')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
