import { friendListViewModel, groupListViewModel } from '@teamim/application';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useObservableEagerState } from 'observable-hooks';
import { useRef } from 'react';
import { useViewModel } from '../session';
import { useText } from '../text';
import { useContactDialogs } from '../common/contact-dialogs';
import { useContactStyles } from './styles';
import { FaceAvatar } from '../FaceAvatar';

const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 28;

const useStyles = makeStyles({
  frame: { display: 'flex', gap: tokens.spacingHorizontalS, flexGrow: 1, minHeight: 0 },
  scroller: { flexGrow: 1, minHeight: '240px', overflowY: 'auto', position: 'relative' },
  canvas: { position: 'relative', width: '100%' },
  item: { position: 'absolute', top: 0, left: 0, right: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    paddingInline: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    borderRadius: tokens.borderRadiusSmall,
  },
  index: { display: 'flex', flexDirection: 'column', alignItems: 'center' },
  letter: { minWidth: '24px', paddingInline: 0 },
});

// A virtual list places each row at a computed offset, which no static class can express; the
// geometry is written to the element directly (the views keep no inline style objects).
const sized = (height: number) => (element: HTMLElement | null) => {
  if (element !== null) element.style.height = `${height}px`;
};
const placed = (height: number, top: number) => (element: HTMLElement | null) => {
  if (element === null) return;
  element.style.height = `${height}px`;
  element.style.transform = `translateY(${top}px)`;
};

/** The empty state of a contact list. */
export function EmptyList({ text }: { readonly text: string }) {
  const styles = useContactStyles();
  return <Text className={styles.empty}>{text}</Text>;
}

/** My friends: grouped by index letter, virtualized, with a letter index that jumps to its section. */
export function FriendList() {
  const vm = useViewModel((vms) => vms.build(friendListViewModel));
  const state = useObservableEagerState(vm.state$);
  const dialogs = useContactDialogs();
  const { t } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = state.rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    overscan: 8,
  });

  if (state.empty) return <EmptyList text={t('ui.contact.friendsEmpty')} />;
  return (
    <div className={local.frame}>
      <div ref={scroller} role="list" aria-label={t('ui.contact.myFriends')} className={local.scroller}>
        <div className={local.canvas} ref={sized(virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const place = placed(item.size, item.start);
            if (row.kind === 'header') {
              return (
                <div key={`h-${row.letter}`} className={mergeClasses(local.item, local.header)} ref={place}>
                  {row.letter}
                </div>
              );
            }
            return (
              <div key={row.item.userID} role="listitem" className={local.item} ref={place}>
                <Button
                  appearance="subtle"
                  className={styles.rowButton}
                  onClick={() => dialogs.openUserCard(row.item.friend)}
                >
                  <FaceAvatar name={row.item.name} faceURL={row.item.faceURL} size={36} />
                  <span className={styles.ellipsis}>{row.item.name}</span>
                </Button>
              </div>
            );
          })}
        </div>
      </div>
      <nav aria-label={t('ui.contact.alphabetIndex')} className={local.index}>
        {state.sections.map((section) => (
          <Button
            key={section.letter}
            size="small"
            appearance="transparent"
            className={local.letter}
            aria-label={t('ui.contact.jumpTo', { letter: section.letter })}
            onClick={() => {
              const index = state.headerIndex[section.letter];
              if (index !== undefined) virtualizer.scrollToIndex(index, { align: 'start' });
            }}
          >
            {section.letter}
          </Button>
        ))}
      </nav>
    </div>
  );
}

/** My groups: avatar, name and member count; a row opens the group card. */
export function GroupList() {
  const vm = useViewModel((vms) => vms.build(groupListViewModel));
  const state = useObservableEagerState(vm.state$);
  const dialogs = useContactDialogs();
  const { t } = useText();
  const styles = useContactStyles();
  if (state.groups.length === 0) return <EmptyList text={t('ui.contact.groupsEmpty')} />;
  return (
    <ul aria-label={t('ui.contact.myGroups')} className={styles.list}>
      {state.groups.map((group) => (
        <li key={group.groupID}>
          <Button
            appearance="subtle"
            className={styles.rowButton}
            onClick={() => dialogs.openGroupCard(group.group)}
          >
            <FaceAvatar name={group.name} faceURL={group.faceURL} size={36} group />
            <span className={styles.rowText}>
              <span className={styles.ellipsis}>{group.name}</span>
              <Text size={200} className={styles.secondary}>
                {t('ui.contact.memberCount', { count: group.memberCount })}
              </Text>
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
