import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatViewModel, ChatViewState, MessageView } from '@teamim/application';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { heightOf, placedAt } from '../geometry';
import { useText } from '../text';
import { MessageRow } from './MessageRow';
import { RowErrorBoundary } from './actions/RowErrorBoundary';
import { rowFocusTarget } from './actions/row-keys';
import {
  captureAnchor,
  isNearBottom,
  listChange,
  restoreAnchor,
  shouldLoadOlder,
  type ScrollAnchor,
} from './scroll-keeping';

const ESTIMATED_ROW = 56;
type OpenState = Extract<ChatViewState, { status: 'open' }>;

interface Shape {
  readonly firstKey: string | undefined;
  readonly lastKey: string | undefined;
  readonly count: number;
}

const shapeOf = (messages: readonly MessageView[]): Shape => ({
  firstKey: messages[0]?.id,
  lastKey: messages.at(-1)?.id,
  count: messages.length,
});

const useStyles = makeStyles({
  frame: { position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  latest: {
    position: 'absolute',
    bottom: tokens.spacingVerticalL,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 2,
    boxShadow: tokens.shadow8,
  },
  log: {
    flex: 1,
    minHeight: 0,
    overflowY: 'auto',
    overflowAnchor: 'none',
    padding: `${tokens.spacingVerticalS} 0`,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  older: { position: 'sticky', top: 0, zIndex: 1, display: 'flex', justifyContent: 'center' },
  empty: {
    display: 'block',
    textAlign: 'center',
    padding: tokens.spacingVerticalXXL,
    color: tokens.colorNeutralForeground3,
  },
  canvas: { position: 'relative' },
  slot: { position: 'absolute', top: 0, left: 0, width: '100%' },
});

/**
 * The open conversation's messages, virtualized. It starts at the bottom, follows new messages while
 * the user is at the bottom (and always for the user's own), loads the next older page of 20 when
 * scrolled to the top and keeps the message the user was reading in place while that page comes in.
 */
export function MessageList({ vm, state }: { readonly vm: ChatViewModel; readonly state: OpenState }) {
  const { t } = useText();
  const styles = useStyles();
  const { messages } = state;
  const scrollRef = useRef<HTMLDivElement>(null);
  // A new key function makes the virtualizer measure every row again (all 10,000 of a long history)
  // on each render, and it renders on every scroll event: it changes only with the list.
  const getItemKey = useCallback((index: number) => messages[index]?.id ?? index, [messages]);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey,
    overscan: 8,
  });

  const anchor = useRef<ScrollAnchor | undefined>(undefined);
  const atBottom = useRef(true);
  const autoLoad = useRef(true);
  const hadMore = useRef(state.hasMore);
  const previous = useRef<Shape>({ firstKey: undefined, lastKey: undefined, count: 0 });

  // The "new messages / jump to latest" control: the view model counts, the list reports where the
  // reader is and scrolls on a click.
  const reportPosition = (element: HTMLElement) => {
    const near = isNearBottom(element.scrollTop, element.clientHeight, element.scrollHeight);
    atBottom.current = near;
    if (messages.length > 0) vm.readerAtLatest(near);
  };
  const jumpToLatest = () => {
    vm.jumpToLatest();
    atBottom.current = true;
    scrollToBottom();
    // The control goes away with the click: the keyboard stays in the list, at its newest message.
    scrollRef.current?.focus();
  };

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
      const own = last?.kind === 'bubble' && last.own;
      if (before.count === 0 || atBottom.current || own) scrollToBottom();
    }
    // scrollToBottom reads the current list; the effect runs on every list change on purpose.
  }, [messages]);

  const loadOlder = () => {
    const element = scrollRef.current;
    if (element === null) return;
    if (
      !shouldLoadOlder({ scrollTop: element.scrollTop, hasMore: state.hasMore, loading: state.loadingOlder })
    )
      return;
    anchor.current = captureAnchor(virtualizer.measurementsCache, element.scrollTop);
    void vm.loadOlder().then((result) => {
      // A failing page is not retried automatically (the next scroll to the top tries again).
      autoLoad.current = result.ok;
    });
  };

  // A first page that does not fill the viewport cannot be scrolled: fetch more until it does. Older
  // history can also become available while the reader already waits at the top (a chat opened from the
  // server's copy gets the SDK's history later); no scroll event comes then, so it loads now.
  useEffect(() => {
    const element = scrollRef.current;
    const becameAvailable = state.hasMore && !hadMore.current;
    hadMore.current = state.hasMore;
    if (element === null || !state.hasMore || state.loadingOlder || !autoLoad.current) return;
    if (becameAvailable || element.scrollHeight <= element.clientHeight) loadOlder();
    // Not after every render: the list renders on every scroll event, and reading scrollHeight there
    // forced a layout each time. Only a change of the list or of its paging state can call for a page.
  }, [messages, state.hasMore, state.loadingOlder]);

  // A jump (quote, pin, search hit) scrolls the message into view and puts focus on it.
  const highlightSeq = state.highlight?.seq;
  const latestMessages = useRef(messages);
  latestMessages.current = messages;
  useEffect(() => {
    const id = state.highlight?.id;
    // Looked up at each step: an older page coming in meanwhile moves the target to another index.
    const indexOfTarget = () => latestMessages.current.findIndex((m) => m.id === id);
    if (indexOfTarget() < 0) return;
    virtualizer.scrollToIndex(indexOfTarget(), { align: 'center' });
    // Once more when the rows around it are measured (a jump may bring in many rows, or come
    // while a list just opened still settles at its bottom), then focus it.
    requestAnimationFrame(() => {
      const index = indexOfTarget();
      if (index < 0) return;
      virtualizer.scrollToIndex(index, { align: 'center' });
      requestAnimationFrame(() =>
        scrollRef.current?.querySelector<HTMLElement>(`[data-index="${indexOfTarget()}"] article`)?.focus(),
      );
    });
    // Only a new jump scrolls; list updates afterwards leave the reader where they are.
  }, [highlightSeq]);

  // Arrow keys walk the messages; a message's menu opens with the context-menu key.
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const element = scrollRef.current;
    if (element === null) return;
    const target = rowFocusTarget(event.key, event.target, element, messages.length);
    if (target === undefined) return;
    event.preventDefault();
    virtualizer.scrollToIndex(target, { align: 'auto' });
    requestAnimationFrame(() => element.querySelector<HTMLElement>(`[data-index="${target}"] > *`)?.focus());
  };

  // One fallback element for every row: the list renders again on each scroll step.
  const cannotDisplay = <Text className={styles.empty}>{t('ui.msg.cannotDisplay')}</Text>;

  const { latest } = state;
  const latestText =
    latest.unseen === 0
      ? t('ui.chat.latest.jump')
      : latest.unseen === 1
        ? t('ui.chat.latest.newOne')
        : t('ui.chat.latest.newMany', { count: latest.unseen });

  return (
    <div className={styles.frame}>
      <div
        ref={scrollRef}
        onKeyDown={onKeyDown}
        role="log"
        aria-label={t('ui.chat.messages.label')}
        aria-busy={state.loadingOlder}
        tabIndex={0}
        onScroll={() => {
          const element = scrollRef.current;
          if (element === null) return;
          reportPosition(element);
          loadOlder();
        }}
        className={styles.log}
      >
        {state.loadingOlder && messages.length > 0 && (
          <div className={styles.older}>
            <Spinner size="extra-tiny" label={t('ui.chat.messages.loadingOlder')} />
          </div>
        )}
        {!state.loadingOlder && messages.length === 0 && (
          <Text className={styles.empty}>{t('ui.chat.messages.empty')}</Text>
        )}
        <div className={styles.canvas} style={heightOf(virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const view = messages[item.index];
            if (view === undefined) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.slot}
                style={placedAt(item.start)}
              >
                <RowErrorBoundary fallback={cannotDisplay}>
                  <MessageRow view={view} vm={vm} highlighted={state.highlight?.id === view.id} />
                </RowErrorBoundary>
              </div>
            );
          })}
        </div>
      </div>
      {latest.away && (
        <Button
          className={styles.latest}
          shape="circular"
          appearance={latest.unseen > 0 ? 'primary' : 'secondary'}
          icon={<ArrowDownRegular />}
          aria-label={latest.unseen === 0 ? undefined : t('ui.chat.latest.newLabel', { text: latestText })}
          onClick={jumpToLatest}
        >
          {latestText}
        </Button>
      )}
    </div>
  );
}
