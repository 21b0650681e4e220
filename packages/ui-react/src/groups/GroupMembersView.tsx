import {
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  SearchBox,
  Text,
  tokens,
  type PositioningImperativeRef,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GroupSettingsState, MemberRow } from '@teamim/application';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useText } from '../text';
import { FaceAvatar } from '../FaceAvatar';

const ROW_HEIGHT = 56;

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flex: 1, minHeight: 0 },
  scroller: { flex: 1, minHeight: 0, overflowY: 'auto' },
  canvas: { position: 'relative', width: '100%' },
  slot: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    boxSizing: 'border-box',
  },
  member: {
    flex: 1,
    minWidth: 0,
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalM,
    fontWeight: tokens.fontWeightRegular,
    height: `${ROW_HEIGHT - 4}px`,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXXS, flexShrink: 0 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL, textAlign: 'center' },
});

// Rows sit at computed offsets, which no static class can express: the geometry is written directly.
const sized = (height: number) => (element: HTMLElement | null) => {
  if (element !== null) element.style.height = `${height}px`;
};
const placed = (height: number, top: number) => (element: HTMLElement | null) => {
  if (element === null) return;
  element.style.height = `${height}px`;
  element.style.transform = `translateY(${top}px)`;
};

export interface MemberHandlers {
  readonly onOpen: (member: MemberRow) => void;
  readonly onMute: (member: MemberRow) => void;
  readonly onUnmute: (member: MemberRow) => void;
  readonly onKick: (member: MemberRow) => void;
  readonly onSetAdmin: (member: MemberRow, admin: boolean) => void;
}

/**
 * Spec §2 members and search views: every member with owner, admin and muted badges, a search by name
 * or id, and per member only the actions §6 allows. Virtualized, so a 2,000-member group stays fluid.
 */
export function GroupMembersView(props: {
  readonly state: GroupSettingsState;
  readonly searchFirst: boolean;
  readonly onSearch: (query: string) => void;
  readonly onLoadMore: () => void;
  readonly handlers: MemberHandlers;
}) {
  const { state, handlers } = props;
  const { t } = useText();
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const members = state.members;
  const getItemKey = useCallback((index: number) => members[index]?.userID ?? index, [members]);
  const virtualizer = useVirtualizer({
    count: members.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasMoreMembers, loadingMembers } = state;
  const { onLoadMore } = props;
  // One actions menu for the whole list, opened at the row's button: a Fluent Menu per row (its context,
  // positioning and focus hooks) made mounting a screenful of rows, on every jump down a 2,000-member
  // list, a task of over 50 ms.
  const [menuFor, setMenuFor] = useState<{ readonly member: MemberRow; readonly button: HTMLElement }>();
  const positioning = useRef<PositioningImperativeRef>(null);
  // Fluent closes an open menu on any click outside it, before the click reaches the row's button: a
  // second click on the button that opened the menu is that same event, and toggles it shut.
  const closedBy = useRef<{ readonly userID: string; readonly event: unknown }>(undefined);
  const rowHandlers = useMemo<RowHandlers>(
    () => ({
      ...handlers,
      onActions: (member, button, event) => {
        const closed = closedBy.current;
        if (closed?.userID === member.userID && closed.event === event) return;
        positioning.current?.setTarget(button);
        setMenuFor({ member, button });
      },
    }),
    [handlers],
  );
  // The member's current row (a role or mute may change while the menu is open); gone once they are.
  const menuMember =
    menuFor === undefined ? undefined : members.find((m) => m.userID === menuFor.member.userID);
  useEffect(() => {
    if (menuFor !== undefined && menuMember === undefined) setMenuFor(undefined);
  }, [menuFor, menuMember]);
  useEffect(() => {
    // Spec §4: more members load when the end of the list is reached.
    if (hasMoreMembers && !loadingMembers && lastIndex >= members.length - 1) onLoadMore();
  }, [hasMoreMembers, loadingMembers, lastIndex, members.length, onLoadMore]);

  return (
    <div className={styles.view}>
      <SearchBox
        autoFocus={props.searchFirst}
        aria-label={t('ui.group.members.search')}
        placeholder={t('ui.group.members.search')}
        value={state.query}
        onChange={(_e, data) => props.onSearch(data.value)}
      />
      {members.length === 0 && !loadingMembers ? (
        <Text className={styles.empty}>{t('ui.group.members.none')}</Text>
      ) : (
        <div ref={scroller} role="list" aria-label={t('ui.group.members.list')} className={styles.scroller}>
          <div className={styles.canvas} ref={sized(virtualizer.getTotalSize())}>
            {items.map((item) => {
              const member = members[item.index];
              if (member === undefined) return null;
              return (
                <MemberSlot
                  key={member.userID}
                  member={member}
                  handlers={rowHandlers}
                  expanded={menuFor?.member.userID === member.userID}
                  size={item.size}
                  start={item.start}
                />
              );
            })}
          </div>
        </div>
      )}
      <MemberActionsMenu
        member={menuMember}
        positioningRef={positioning}
        handlers={handlers}
        onClose={(event) => {
          if (menuFor !== undefined) closedBy.current = { userID: menuFor.member.userID, event };
          const button = menuFor?.button;
          setMenuFor(undefined);
          // Without a MenuTrigger nothing hands focus back; a click elsewhere has already moved it.
          const active = document.activeElement;
          if (
            button?.isConnected === true &&
            (active === null || active === document.body || isInMenu(active))
          )
            button.focus();
        }}
      />
    </div>
  );
}

const isInMenu = (element: Element): boolean => element.closest('[role="menu"]') !== null;

interface RowHandlers extends MemberHandlers {
  /** `event` is the click's native event, to tell a click that just closed this member's menu. */
  readonly onActions: (member: MemberRow, button: HTMLElement, event: Event) => void;
}

/** One positioned row; memoized, so a search or a scroll renders only the rows that changed. */
const MemberSlot = memo(function MemberSlot(props: {
  readonly member: MemberRow;
  readonly handlers: RowHandlers;
  readonly expanded: boolean;
  readonly size: number;
  readonly start: number;
}) {
  const styles = useStyles();
  const { size, start } = props;
  const place = useCallback((element: HTMLElement | null) => placed(size, start)(element), [size, start]);
  return (
    <div role="listitem" className={styles.slot} ref={place}>
      <MemberLine member={props.member} handlers={props.handlers} expanded={props.expanded} />
    </div>
  );
});

function MemberLine(props: {
  readonly member: MemberRow;
  readonly handlers: RowHandlers;
  readonly expanded: boolean;
}) {
  const { member, handlers } = props;
  const { t } = useText();
  const styles = useStyles();
  const anyAction = member.canOpenCard || member.canManage || member.canSetAdmin;
  return (
    <>
      <Button
        appearance="subtle"
        className={styles.member}
        disabled={!member.canOpenCard}
        onClick={() => handlers.onOpen(member)}
      >
        <FaceAvatar name={member.name} faceURL={member.faceURL} size={36} />
        <span className={styles.name}>{member.name}</span>
        <span className={styles.badges}>
          {member.isSelf && (
            <Badge appearance="outline" color="informative">
              {t('ui.group.badge.you')}
            </Badge>
          )}
          {member.owner && (
            <Badge appearance="tint" color="warning">
              {t('ui.group.badge.owner')}
            </Badge>
          )}
          {member.admin && (
            <Badge appearance="tint" color="brand">
              {t('ui.group.badge.admin')}
            </Badge>
          )}
          {member.muted && (
            <Badge appearance="tint" color="danger">
              {t('ui.group.badge.muted')}
            </Badge>
          )}
        </span>
      </Button>
      {anyAction && !member.isSelf && (
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-haspopup="menu"
          aria-expanded={props.expanded}
          aria-label={t('ui.group.member.actions', { name: member.name })}
          title={t('ui.group.member.actions', { name: member.name })}
          onClick={(event) => handlers.onActions(member, event.currentTarget, event.nativeEvent)}
        />
      )}
    </>
  );
}

/** The actions §6 allows on one member, at the button of the member's row. */
function MemberActionsMenu(props: {
  readonly member: MemberRow | undefined;
  readonly positioningRef: RefObject<PositioningImperativeRef | null>;
  readonly handlers: MemberHandlers;
  /** `event` is the native event that closed the menu (a click outside it, a key). */
  readonly onClose: (event: unknown) => void;
}) {
  const { t } = useText();
  const { member, handlers } = props;
  // Fluent focuses the first item when a Menu opens, but here the popover's portal mounts a render
  // later, when that has already been tried: the list takes focus itself once it is there.
  const focusFirstItem = useCallback((list: HTMLElement | null) => {
    list?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  return (
    <Menu
      open={member !== undefined}
      onOpenChange={(e, data) => {
        if (!data.open) props.onClose('nativeEvent' in e ? e.nativeEvent : e);
      }}
      positioning={{ positioningRef: props.positioningRef, position: 'below', align: 'end' }}
    >
      <MenuPopover>
        {member !== undefined && (
          <MenuList ref={focusFirstItem} aria-label={t('ui.group.member.actions', { name: member.name })}>
            {member.canOpenCard && (
              <MenuItem onClick={() => handlers.onOpen(member)}>{t('ui.group.member.card')}</MenuItem>
            )}
            {member.canManage &&
              (member.muted ? (
                <MenuItem onClick={() => handlers.onUnmute(member)}>{t('ui.group.member.unmute')}</MenuItem>
              ) : (
                <MenuItem onClick={() => handlers.onMute(member)}>{t('ui.group.member.mute')}</MenuItem>
              ))}
            {member.canSetAdmin && (
              <MenuItem onClick={() => handlers.onSetAdmin(member, !member.admin)}>
                {member.admin ? t('ui.group.member.unsetAdmin') : t('ui.group.member.setAdmin')}
              </MenuItem>
            )}
            {member.canManage && (
              <MenuItem onClick={() => handlers.onKick(member)}>{t('ui.group.member.kick')}</MenuItem>
            )}
          </MenuList>
        )}
      </MenuPopover>
    </Menu>
  );
}
