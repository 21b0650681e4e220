import { CounterBadge, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { AlertOffRegular, PinRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ConversationListViewModel, ConversationRow } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { memo, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { deferred } from '../deferred';
import { heightOf, placedAt } from '../geometry';
import { usePageShown } from '../prefetch';
import { useText } from '../text';
import { nextActiveIndex } from './list-navigation';
import { FaceAvatar } from '../FaceAvatar';
import { COMPACT_WINDOW } from '../layout';
import type { MenuPoint } from './ConversationRowMenu';

// The rows' menu is a chunk of its own, mounted around a row only while open (see ConversationRowMenu).
export const rowMenu = deferred(() => import('./ConversationRowMenu').then((m) => m.ConversationRowMenu));

const ROW_HEIGHT = 64;
// Fluent's avatar sizes skip the spec's 42; 40 is the nearest.
const AVATAR_SIZE = 40;

const optionID = (conversationID: string): string => `conversation-${encodeURIComponent(conversationID)}`;

const useStyles = makeStyles({
  scroller: {
    flex: 1,
    minHeight: 0,
    overflowY: 'auto',
    contain: 'strict',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  empty: { display: 'block', padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
  canvas: { position: 'relative', width: '100%' },
  row: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: `${ROW_HEIGHT}px`,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    margin: `0 ${tokens.spacingHorizontalS}`,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    boxSizing: 'border-box',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground2Hover },
  },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Selected },
  },
  active: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  body: {
    flex: 1,
    minWidth: 0,
    display: 'grid',
    gap: '2px',
    // In a very small window the list shows avatars only; each row's label still names it in full.
    [`@media ${COMPACT_WINDOW}`]: { display: 'none' },
  },
  line: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { flex: 1, minWidth: 0 },
  time: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  preview: { flex: 1, minWidth: 0, color: tokens.colorNeutralForeground3 },
  mark: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  // The unread-mention mark before the preview.
  mention: {
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    flexShrink: 0,
    marginRight: tokens.spacingHorizontalXXS,
  },
});

/**
 * The conversation list (spec §2, §4), virtualized so that tens of thousands of rows stay smooth. A
 * listbox with the active row tracked by aria-activedescendant: arrow keys, Home/End and Page keys
 * move, Enter opens, Shift+F10 or the context-menu key opens the row's menu.
 */
export function ConversationList({ vm }: { readonly vm: ConversationListViewModel }) {
  const { t } = useText();
  const styles = useStyles();
  const navigate = useNavigate();
  const { rows, openID } = useObservableEagerState(vm.state$);
  usePageShown(rows.length > 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  // The row whose menu is open, and where a right click opened it.
  const [menu, setMenu] = useState<{ readonly id: string; readonly at?: MenuPoint } | undefined>();
  // The active row is outlined only while the list has the keyboard's focus (as :focus-visible): not after
  // a click on a row, where the open conversation's highlight already shows, but at the first key press.
  const [focused, setFocused] = useState(false);
  const pointerDown = useRef(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
  });

  // Keep the active row on the same conversation when the list re-sorts.
  const activeID = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (activeID.current !== undefined) setActive(rows.findIndex((r) => r.id === activeID.current));
  }, [rows]);

  // A menu opened from the keyboard gives the focus back to the list (its row is no focus target).
  const keyboardMenu = menu !== undefined && menu.at === undefined;
  const closeMenu = useCallback(() => {
    if (keyboardMenu) scrollRef.current?.focus();
    setMenu(undefined);
  }, [keyboardMenu]);
  const open = useCallback((id: string) => void navigate(`/chat/${encodeURIComponent(id)}`), [navigate]);
  const moveTo = (index: number) => {
    setActive(index);
    activeID.current = rows[index]?.id;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey) return; // Alt+arrows switch conversations (the chat layout handles them).
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const next = nextActiveIndex(event.key, active, rows.length, page);
    if (next !== undefined) {
      event.preventDefault();
      moveTo(next);
      return;
    }
    const current = rows[active];
    if (current === undefined) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(current.id);
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      setMenu({ id: current.id });
    }
  };

  const activeRow = rows[active];
  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label={t('ui.chat.list.label')}
      tabIndex={0}
      aria-activedescendant={activeRow === undefined ? undefined : optionID(activeRow.id)}
      onKeyDown={(event) => {
        setFocused(true);
        onKeyDown(event);
      }}
      onPointerDown={() => {
        pointerDown.current = true;
        setFocused(false);
      }}
      onBlur={() => {
        pointerDown.current = false;
        setFocused(false);
      }}
      onFocus={() => {
        setFocused(!pointerDown.current);
        if (active < 0 && rows.length > 0) {
          const selected = rows.findIndex((r) => r.id === openID);
          moveTo(selected >= 0 ? selected : 0);
        }
      }}
      className={styles.scroller}
    >
      {rows.length === 0 ? (
        <Text className={styles.empty}>{t('ui.chat.list.empty')}</Text>
      ) : (
        <div role="presentation" className={styles.canvas} style={heightOf(virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <ConversationOption
                key={item.key}
                vm={vm}
                row={row}
                index={item.index}
                total={rows.length}
                top={item.start}
                selected={row.id === openID}
                active={focused && item.index === active}
                menuOpen={menu?.id === row.id}
                menuAt={menu?.id === row.id ? menu.at : undefined}
                onMenuRequest={(at) => setMenu({ id: row.id, at })}
                onMenuClose={closeMenu}
                onOpen={() => {
                  setActive(item.index);
                  activeID.current = row.id;
                  open(row.id);
                }}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

interface OptionProps {
  readonly vm: ConversationListViewModel;
  readonly row: ConversationRow;
  readonly index: number;
  readonly total: number;
  readonly top: number;
  readonly selected: boolean;
  readonly active: boolean;
  readonly menuOpen: boolean;
  readonly menuAt: MenuPoint | undefined;
  readonly onMenuRequest: (at: MenuPoint) => void;
  readonly onMenuClose: () => void;
  readonly onOpen: () => void;
}

const ConversationOption = memo(function ConversationOption(props: OptionProps) {
  const { t } = useText();
  const styles = useStyles();
  const { row, vm } = props;
  // The name first, then the states the icons show, then the rest of the visible text.
  const label = [
    row.name,
    row.pinned ? t('ui.chat.list.pinned') : undefined,
    row.unread > 0 ? t('ui.chat.list.unread', { count: row.unread }) : undefined,
    row.muted ? t('ui.chat.list.muted') : undefined,
    row.time,
    row.mentionMark,
    row.preview,
  ]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');

  const option = (
    <div
      id={optionID(row.id)}
      role="option"
      aria-label={label}
      aria-selected={props.selected}
      aria-posinset={props.index + 1}
      aria-setsize={props.total}
      data-pinned={row.pinned ? 'true' : undefined}
      onClick={props.onOpen}
      onContextMenu={(event) => {
        event.preventDefault();
        props.onMenuRequest({ x: event.clientX, y: event.clientY });
      }}
      className={mergeClasses(styles.row, props.selected && styles.selected, props.active && styles.active)}
      style={placedAt(props.top)}
    >
      <FaceAvatar name={row.name} faceURL={row.faceURL} size={AVATAR_SIZE} group={row.isGroup} />
      <div className={styles.body}>
        <div className={styles.line}>
          <Text weight={row.unread > 0 ? 'bold' : 'semibold'} truncate wrap={false} className={styles.name}>
            {row.name}
          </Text>
          <Text size={100} className={styles.time}>
            {row.time}
          </Text>
        </div>
        <div className={styles.line}>
          {/* "[@you]" while a mention is unread */}
          {row.mentionMark !== '' && (
            <Text size={200} className={styles.mention}>
              {row.mentionMark}
            </Text>
          )}
          <Text size={200} truncate wrap={false} className={styles.preview}>
            {row.preview}
          </Text>
          {row.pinned && <PinRegular aria-hidden className={styles.mark} />}
          {row.muted && <AlertOffRegular aria-hidden className={styles.mark} />}
          {row.unread > 0 && (
            <CounterBadge
              count={row.unread}
              overflowCount={99}
              size="small"
              color={row.muted ? 'informative' : 'danger'}
              aria-hidden
            />
          )}
        </div>
      </div>
    </div>
  );
  if (!props.menuOpen) return option;
  return (
    <Suspense fallback={option}>
      <rowMenu.Component vm={vm} row={row} at={props.menuAt} onClose={props.onMenuClose} unavailable={option}>
        {option}
      </rowMenu.Component>
    </Suspense>
  );
});
