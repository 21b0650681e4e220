import {
  Avatar,
  CounterBadge,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AlertOffRegular, PinRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useObservableState } from 'observable-hooks';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecvMsgOpt, type Conversation } from '@teamim/domain';
import { useText } from '../text';
import { useChatServices, useLocale, useNow, utcOffsetMinutes } from './chat-services';
import { withDrafts } from './drafts';
import { nextActiveIndex } from './list-navigation';
import { conversationRow, type ConversationRow, type ViewContext } from './view-model';

const ROW_HEIGHT = 68;
// Fluent's avatar sizes skip the spec's 42 (DEFAULT_AVATAR_SIZE); 40 is the nearest.
const AVATAR_SIZE = 40;
const EMPTY: readonly Conversation[] = [];

/** Only web and relative addresses are used as image sources; anything else shows the initials. */
export function safeImageURL(url: string): string | undefined {
  return /^(https?:\/\/|\/)/i.test(url) ? url : undefined;
}

export const optionID = (conversationID: string): string =>
  `conversation-${encodeURIComponent(conversationID)}`;

/**
 * The conversation list (spec §2, §4): the store's de-duplicated, sorted list, virtualized so that tens
 * of thousands of rows stay smooth. A listbox with the active row tracked by aria-activedescendant:
 * arrow keys, Home/End and Page keys move, Enter opens, Shift+F10 or the context-menu key opens the
 * row's menu (pin, receive option, mark read, delete).
 */
export function ConversationList() {
  const { services, drafts } = useChatServices();
  const { t } = useText();
  const navigate = useNavigate();
  const { conversationID: openID } = useParams();
  const locale = useLocale();
  const now = useNow();
  const self = useObservableState(services.currentUser.selfInfo$, undefined);
  const stored = useObservableState(services.conversations.conversations$, EMPTY);
  const draftMap = useObservableState(drafts.drafts$, new Map());
  const conversations = useMemo(() => withDrafts(stored, draftMap, openID), [stored, draftMap, openID]);

  const context: ViewContext = useMemo(
    () => ({ locale, selfUserID: self?.userID ?? '', nowMs: now, utcOffsetMinutes: utcOffsetMinutes(now) }),
    [locale, self?.userID, now],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const [menuFor, setMenuFor] = useState<string | undefined>();
  // The active row is outlined only while the list has the keyboard focus.
  const [focused, setFocused] = useState(false);
  const virtualizer = useVirtualizer({
    count: conversations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => conversations[index]?.conversationID ?? index,
    overscan: 6,
  });

  // Keep the active row on the same conversation when the list re-sorts.
  const activeID = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (activeID.current === undefined) return;
    const index = conversations.findIndex((c) => c.conversationID === activeID.current);
    setActive(index);
  }, [conversations]);

  const open = useCallback(
    (conversation: Conversation) => void navigate(`/chat/${encodeURIComponent(conversation.conversationID)}`),
    [navigate],
  );

  const moveTo = (index: number) => {
    setActive(index);
    activeID.current = conversations[index]?.conversationID;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const next = nextActiveIndex(event.key, active, conversations.length, page);
    if (next !== undefined) {
      event.preventDefault();
      moveTo(next);
      return;
    }
    const current = conversations[active];
    if (current === undefined) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(current);
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      setMenuFor(current.conversationID);
    }
  };

  const activeConversation = conversations[active];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div
        ref={scrollRef}
        role="listbox"
        aria-label={t('ui.chat.list.label')}
        tabIndex={0}
        aria-activedescendant={
          activeConversation === undefined ? undefined : optionID(activeConversation.conversationID)
        }
        onKeyDown={onKeyDown}
        onBlur={() => setFocused(false)}
        onFocus={() => {
          setFocused(true);
          if (active < 0 && conversations.length > 0) {
            const selected = conversations.findIndex((c) => c.conversationID === openID);
            moveTo(selected >= 0 ? selected : 0);
          }
        }}
        style={{ flex: 1, overflowY: 'auto', outlineOffset: -2, contain: 'strict' }}
      >
        {conversations.length === 0 ? (
          <Text style={{ display: 'block', padding: 16, color: tokens.colorNeutralForeground3 }}>
            {t('ui.chat.list.empty')}
          </Text>
        ) : (
          <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const conversation = conversations[item.index];
              if (conversation === undefined) return null;
              return (
                <ConversationOption
                  key={item.key}
                  conversation={conversation}
                  row={conversationRow(conversation, context)}
                  index={item.index}
                  total={conversations.length}
                  top={item.start}
                  selected={conversation.conversationID === openID}
                  active={focused && item.index === active}
                  menuOpen={menuFor === conversation.conversationID}
                  onMenuOpenChange={(isOpen) => setMenuFor(isOpen ? conversation.conversationID : undefined)}
                  onOpen={() => {
                    setActive(item.index);
                    activeID.current = conversation.conversationID;
                    open(conversation);
                  }}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface OptionProps {
  readonly conversation: Conversation;
  readonly row: ConversationRow;
  readonly index: number;
  readonly total: number;
  readonly top: number;
  readonly selected: boolean;
  readonly active: boolean;
  readonly menuOpen: boolean;
  readonly onMenuOpenChange: (open: boolean) => void;
  readonly onOpen: () => void;
}

const ConversationOption = memo(function ConversationOption(props: OptionProps) {
  const { t } = useText();
  const { services } = useChatServices();
  const { row, conversation } = props;
  const store = services.conversations;
  const label = [
    row.name,
    row.pinned ? t('ui.chat.list.pinned') : undefined,
    row.unread > 0 ? t('ui.chat.list.unread', { count: row.unread }) : undefined,
    row.muted ? t('ui.chat.list.muted') : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(', ');

  return (
    <Menu
      openOnContext
      open={props.menuOpen}
      onOpenChange={(_event, data) => props.onMenuOpenChange(data.open)}
      checkedValues={{ recv: [String(conversation.recvMsgOpt)] }}
      onCheckedValueChange={(_event, data) => {
        const value = Number(data.checkedItems[0]);
        if (
          value === RecvMsgOpt.Normal ||
          value === RecvMsgOpt.NotReceive ||
          value === RecvMsgOpt.NotNotify
        ) {
          void store.setRecvMsgOpt(conversation.conversationID, value);
        }
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <div
          id={optionID(conversation.conversationID)}
          role="option"
          aria-selected={props.selected}
          aria-label={label}
          aria-posinset={props.index + 1}
          aria-setsize={props.total}
          data-pinned={row.pinned ? 'true' : undefined}
          onClick={props.onOpen}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: ROW_HEIGHT,
            transform: `translateY(${props.top}px)`,
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            padding: '0 12px',
            boxSizing: 'border-box',
            cursor: 'pointer',
            background: props.selected
              ? tokens.colorNeutralBackground1Selected
              : row.pinned
                ? tokens.colorNeutralBackground3
                : undefined,
            outline: props.active ? `2px solid ${tokens.colorStrokeFocus2}` : undefined,
            outlineOffset: -2,
          }}
        >
          <Avatar
            name={row.name}
            size={AVATAR_SIZE}
            {...(safeImageURL(row.faceURL) === undefined
              ? {}
              : { image: { src: safeImageURL(row.faceURL) } })}
            aria-hidden
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ display: 'flex', alignItems: 'baseline', gap: 6 }}>
              <Text weight="semibold" truncate wrap={false} style={{ flex: 1, minWidth: 0 }}>
                {row.name}
              </Text>
              <Text size={100} style={{ color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' }}>
                {row.time}
              </Text>
            </div>
            <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <Text
                size={200}
                truncate
                wrap={false}
                style={{ flex: 1, minWidth: 0, color: tokens.colorNeutralForeground3 }}
              >
                {row.preview}
              </Text>
              {row.pinned && <PinRegular aria-hidden />}
              {row.muted && <AlertOffRegular aria-hidden />}
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
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={t('ui.chat.list.actions')}>
          <MenuItem onClick={() => void store.setPinned(conversation.conversationID, !conversation.isPinned)}>
            {conversation.isPinned ? t('ui.chat.menu.unpin') : t('ui.chat.menu.pin')}
          </MenuItem>
          <MenuItem
            disabled={conversation.unreadCount === 0}
            onClick={() => void store.markAsRead(conversation.conversationID)}
          >
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
          <MenuItem onClick={() => void store.delete(conversation.conversationID)}>
            {t('ui.chat.menu.delete')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
