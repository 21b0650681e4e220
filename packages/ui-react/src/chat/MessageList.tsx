import { Avatar, Button, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BubblePart, ChatViewModel, ChatViewState, MessageView } from '@teamim/application';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { useContactDialogs } from '../contacts/dialog-context';
import { heightOf, placedAt } from '../geometry';
import { useText } from '../text';
import { safeImageURL } from './images';
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
  notice: { textAlign: 'center', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  noticeText: {
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusCircular,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
  },
  message: {
    display: 'grid',
    gridTemplateColumns: '36px minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  first: { paddingTop: tokens.spacingVerticalM },
  meta: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  sender: { fontWeight: tokens.fontWeightSemibold },
  time: { color: tokens.colorNeutralForeground3 },
  gutterTime: {
    color: tokens.colorNeutralForeground4,
    fontSize: tokens.fontSizeBase100,
    textAlign: 'end',
    paddingTop: '3px',
  },
  content: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  text: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase300,
    minWidth: 0,
  },
  quote: {
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralStroke1}`,
    paddingLeft: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  failed: { color: tokens.colorPaletteRedForeground1 },
  mention: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusSmall,
    padding: '0 2px',
  },
  mentionButton: {
    font: 'inherit',
    border: 'none',
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
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
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey: (index) => messages[index]?.id ?? index,
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

  // A first page that does not fill the viewport cannot be scrolled: fetch more until it does.
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null || !state.hasMore || state.loadingOlder || !autoLoad.current) return;
    if (element.scrollHeight <= element.clientHeight) loadOlder();
  });

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label={t('ui.chat.messages.label')}
      aria-busy={state.loadingOlder}
      tabIndex={0}
      onScroll={() => {
        const element = scrollRef.current;
        if (element === null) return;
        atBottom.current = isNearBottom(element.scrollTop, element.clientHeight, element.scrollHeight);
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
              <MessageRow view={view} vm={vm} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

const MessageRow = memo(function MessageRow({
  view,
  vm,
}: {
  readonly view: MessageView;
  readonly vm: ChatViewModel;
}) {
  const { t } = useText();
  const styles = useStyles();
  if (view.kind === 'notice') {
    return (
      <div role="note" className={styles.notice}>
        <Text size={200} className={styles.noticeText}>
          {view.text}
        </Text>
      </div>
    );
  }
  const image = safeImageURL(view.senderFaceURL);
  return (
    <article
      aria-label={view.own ? t('ui.chat.message.fromSelf') : view.sender}
      data-own={view.own ? 'true' : 'false'}
      className={mergeClasses(styles.message, !view.continued && styles.first)}
    >
      {view.continued ? (
        <span className={styles.gutterTime} aria-hidden>
          {view.time}
        </span>
      ) : (
        <Avatar
          name={view.sender}
          size={36}
          color="colorful"
          {...(image === undefined ? {} : { image: { src: image } })}
          aria-hidden
        />
      )}
      <div>
        {!view.continued && (
          <div className={styles.meta}>
            <Text className={styles.sender}>{view.own ? t('ui.chat.message.fromSelf') : view.sender}</Text>
            <Text size={100} className={styles.time}>
              {view.time}
            </Text>
          </div>
        )}
        <div className={styles.content}>
          <div className={styles.text}>
            {view.quote !== undefined && (
              <div className={styles.quote}>{`${view.quote.senderName}: ${view.quote.summary}`}</div>
            )}
            {view.parts.map((part, index) => (
              <Part key={index} part={part} vm={vm} />
            ))}
          </div>
          {view.state === 'sending' && (
            <Spinner size="extra-tiny" aria-label={t('ui.chat.message.sending')} />
          )}
          {view.state === 'failed' && (
            <Button
              appearance="transparent"
              size="small"
              icon={<ErrorCircleRegular className={styles.failed} />}
              aria-label={t('ui.chat.message.resend')}
              title={t('ui.chat.message.resend')}
              onClick={() => void vm.resend(view.id)}
            />
          )}
        </div>
      </div>
    </article>
  );
});

/**
 * A piece of a message body. A mention is highlighted; spec §2: clicking it opens the user card,
 * except for the at-all tag, an empty id, or a group that forbids looking at member info.
 */
function Part({ part, vm }: { readonly part: BubblePart; readonly vm: ChatViewModel }) {
  const styles = useStyles();
  const dialogs = useContactDialogs();
  if (part.kind === 'text') return <span>{part.text}</span>;
  const target = vm.mentionTarget(part.userID);
  if (target === undefined) {
    return (
      <span data-mention="true" className={styles.mention}>
        {part.text}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-mention="true"
      className={mergeClasses(styles.mention, styles.mentionButton)}
      onClick={() =>
        dialogs.openUserCard(
          { userID: part.userID, nickname: part.text.replace(/^@/, ''), faceURL: '' },
          target.group === undefined ? {} : { group: target.group },
        )
      }
    >
      {part.text}
    </button>
  );
}
