import { Button, Spinner, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useObservableState } from 'observable-hooks';
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatState } from '@teamim/application';
import { checkCanOpenUserCard, type Message } from '@teamim/domain';
import { useContactDialogs } from '../contacts/dialog-context';
import { useText } from '../text';
import { useChatServices, useLocale, useNow, utcOffsetMinutes } from './chat-services';
import {
  captureAnchor,
  isNearBottom,
  listChange,
  restoreAnchor,
  shouldLoadOlder,
  type ScrollAnchor,
} from './scroll-keeping';
import { messageView, type MessageView, type ViewContext } from './view-model';

const ESTIMATED_ROW = 72;

interface Shape {
  readonly firstKey: string | undefined;
  readonly lastKey: string | undefined;
  readonly count: number;
}

const shapeOf = (messages: readonly Message[]): Shape => ({
  firstKey: messages[0]?.clientMsgID,
  lastKey: messages.at(-1)?.clientMsgID,
  count: messages.length,
});

/**
 * The open conversation's messages, virtualized. It starts at the bottom, follows new messages while
 * the user is at the bottom (and always for the user's own), loads the next older page of 20 when
 * scrolled to the top and keeps the message the user was reading in place while that page comes in.
 */
export function MessageList({ state }: { readonly state: ChatState }) {
  const { services } = useChatServices();
  const { t } = useText();
  const locale = useLocale();
  const now = useNow();
  const self = useObservableState(services.currentUser.selfInfo$, undefined);
  const selfUserID = self?.userID ?? '';
  const context: ViewContext = useMemo(
    () => ({ locale, selfUserID, nowMs: now, utcOffsetMinutes: utcOffsetMinutes(now) }),
    [locale, selfUserID, now],
  );
  const { messages } = state;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey: (index) => messages[index]?.clientMsgID ?? index,
    overscan: 8,
  });

  const anchor = useRef<ScrollAnchor | undefined>(undefined);
  const atBottom = useRef(true);
  const autoLoad = useRef(true);
  const previous = useRef<Shape>({ firstKey: undefined, lastKey: undefined, count: 0 });

  const scrollToBottom = () => {
    if (messages.length === 0) return;
    virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    // Rows are measured after they render; a second pass lands on the real bottom.
    requestAnimationFrame(() => {
      const element = scrollRef.current;
      if (element !== null) element.scrollTop = element.scrollHeight;
    });
  };

  useLayoutEffect(() => {
    const before = previous.current;
    const after = shapeOf(messages);
    previous.current = after;
    const change = before.count === 0 ? 'appended' : listChange(before, after);
    if (change === 'prepended' && anchor.current !== undefined) {
      const target = restoreAnchor(
        anchor.current,
        virtualizer.getVirtualItems().length > 0 ? virtualizer.measurementsCache : [],
      );
      anchor.current = undefined;
      if (target !== undefined) virtualizer.scrollToOffset(target);
      return;
    }
    if (change === 'appended') {
      const last = messages.at(-1);
      if (before.count === 0 || atBottom.current || last?.sendID === selfUserID) scrollToBottom();
    }
    // scrollToBottom reads the current list; the effect runs on every list change on purpose.
  }, [messages]);

  const loadOlder = () => {
    const element = scrollRef.current;
    if (element === null) return;
    if (!shouldLoadOlder({ scrollTop: element.scrollTop, hasMore: state.hasMore, loading: state.loading }))
      return;
    anchor.current = captureAnchor(virtualizer.measurementsCache, element.scrollTop);
    void services.chat.loadMore().then((result) => {
      // A failing page is not retried automatically (the next scroll to the top tries again).
      autoLoad.current = result.ok;
    });
  };

  // A first page that does not fill the viewport cannot be scrolled: fetch more until it does.
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null || !state.hasMore || state.loading || !autoLoad.current) return;
    if (element.scrollHeight <= element.clientHeight) loadOlder();
  });

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label={t('ui.chat.messages.label')}
      aria-busy={state.loading}
      tabIndex={0}
      onScroll={() => {
        const element = scrollRef.current;
        if (element === null) return;
        atBottom.current = isNearBottom(element.scrollTop, element.clientHeight, element.scrollHeight);
        loadOlder();
      }}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', padding: '0 16px' }}
    >
      {state.loading && messages.length > 0 && (
        <div style={{ position: 'sticky', top: 0, zIndex: 1, display: 'flex', justifyContent: 'center' }}>
          <Spinner size="extra-tiny" label={t('ui.chat.messages.loadingOlder')} />
        </div>
      )}
      {!state.loading && messages.length === 0 && (
        <Text
          style={{
            display: 'block',
            textAlign: 'center',
            padding: 24,
            color: tokens.colorNeutralForeground3,
          }}
        >
          {t('ui.chat.messages.empty')}
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          if (message === undefined) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              <MessageRow
                view={messageView(message, context, state.spinning.has(message.clientMsgID))}
                clientMsgID={message.clientMsgID}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

const MessageRow = memo(function MessageRow({
  view,
  clientMsgID,
}: {
  readonly view: MessageView;
  readonly clientMsgID: string;
}) {
  const { services } = useChatServices();
  const { t } = useText();
  if (view.kind === 'notice') {
    return (
      <div role="note" style={{ textAlign: 'center', padding: '8px 0' }}>
        <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>
          {view.text}
        </Text>
      </div>
    );
  }
  return (
    <article
      aria-label={view.own ? t('ui.chat.message.fromSelf') : view.sender}
      data-own={view.own ? 'true' : 'false'}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: view.own ? 'flex-end' : 'flex-start',
        padding: '6px 0',
      }}
    >
      <Text size={100} style={{ color: tokens.colorNeutralForeground3, marginBottom: 2 }}>
        {view.own ? view.time : `${view.sender} · ${view.time}`}
      </Text>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          flexDirection: view.own ? 'row' : 'row-reverse',
        }}
      >
        {view.state === 'sending' && <Spinner size="extra-tiny" aria-label={t('ui.chat.message.sending')} />}
        {view.state === 'failed' && (
          <Button
            appearance="transparent"
            size="small"
            icon={<ErrorCircleRegular color={tokens.colorPaletteRedForeground1} />}
            aria-label={t('ui.chat.message.resend')}
            title={t('ui.chat.message.resend')}
            onClick={() => void services.chat.resend(clientMsgID)}
          />
        )}
        <div
          style={{
            maxWidth: 'min(520px, 70vw)',
            padding: '8px 12px',
            borderRadius: 8,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            background: view.own ? tokens.colorBrandBackground2 : tokens.colorNeutralBackground3,
          }}
        >
          {view.quote !== undefined && (
            <div
              style={{
                borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
                paddingLeft: 6,
                marginBottom: 4,
                color: tokens.colorNeutralForeground3,
                fontSize: tokens.fontSizeBase200,
              }}
            >
              {`${view.quote.senderName}: ${view.quote.summary}`}
            </div>
          )}
          {view.parts.map((part, index) =>
            part.kind === 'mention' ? (
              <Mention key={index} text={part.text} userID={part.userID} />
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </div>
      </div>
    </article>
  );
});

/**
 * A highlighted mention. Spec §2: clicking it opens the user card, except for the at-all tag, an empty
 * id, or a group that forbids looking at member info; the group is passed on for its add-friend rule.
 */
function Mention({ text, userID }: { readonly text: string; readonly userID: string }) {
  const { services } = useChatServices();
  const dialogs = useContactDialogs();
  const group = useObservableState(services.conversations.currentGroup$, undefined);
  const style = { color: tokens.colorBrandForeground1, fontWeight: 600 };
  if (!checkCanOpenUserCard(userID, group).ok) {
    return (
      <span data-mention="true" style={style}>
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-mention="true"
      onClick={() =>
        dialogs.openUserCard(
          { userID, nickname: text.replace(/^@/, ''), faceURL: '' },
          group === undefined ? {} : { group },
        )
      }
      style={{ ...style, font: 'inherit', background: 'none', border: 'none', padding: 0, cursor: 'pointer' }}
    >
      {text}
    </button>
  );
}
