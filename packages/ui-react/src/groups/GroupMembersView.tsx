import {
  Avatar,
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GroupSettingsState, MemberRow } from '@teamim/application';
import { memo, useCallback, useEffect, useRef } from 'react';
import { safeImageURL } from '../chat/images';
import { useText } from '../text';

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
                  handlers={handlers}
                  size={item.size}
                  start={item.start}
                />
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** One positioned row; memoized, so a search or a scroll renders only the rows that changed. */
const MemberSlot = memo(function MemberSlot(props: {
  readonly member: MemberRow;
  readonly handlers: MemberHandlers;
  readonly size: number;
  readonly start: number;
}) {
  const styles = useStyles();
  const { size, start } = props;
  const place = useCallback((element: HTMLElement | null) => placed(size, start)(element), [size, start]);
  return (
    <div role="listitem" className={styles.slot} ref={place}>
      <MemberLine member={props.member} handlers={props.handlers} />
    </div>
  );
});

function MemberLine({ member, handlers }: { readonly member: MemberRow; readonly handlers: MemberHandlers }) {
  const { t } = useText();
  const styles = useStyles();
  const image = safeImageURL(member.faceURL);
  const anyAction = member.canOpenCard || member.canManage || member.canSetAdmin;
  return (
    <>
      <Button
        appearance="subtle"
        className={styles.member}
        disabled={!member.canOpenCard}
        onClick={() => handlers.onOpen(member)}
      >
        <Avatar
          size={36}
          name={member.name}
          color="colorful"
          {...(image === undefined ? {} : { image: { src: image } })}
          aria-hidden
        />
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
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button
              appearance="subtle"
              icon={<MoreHorizontalRegular />}
              aria-label={t('ui.group.member.actions', { name: member.name })}
              title={t('ui.group.member.actions', { name: member.name })}
            />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
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
          </MenuPopover>
        </Menu>
      )}
    </>
  );
}
