import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
  type PositioningImperativeRef,
} from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { ChatViewModel, MessageAction, MessageView } from '@teamim/application';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useText } from '../text';
import { useMessageAction } from './actions/MessageActionsHost';
import { MessageActionsMenu, MessageToolbar } from './actions/MessageActionsMenu';
import { MessageBody } from './bodies/MessageBody';
import { SenderAvatar } from './mentions/SenderAvatar';

const useStyles = makeStyles({
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
    position: 'relative',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    // The hover toolbar shows on hover and while the message or a control in it has focus.
    '& [data-message-tools]': { visibility: 'hidden' },
    ':hover [data-message-tools]': { visibility: 'visible' },
    ':focus-within [data-message-tools]': { visibility: 'visible' },
    '& [data-gutter-time]': { visibility: 'hidden' },
    ':hover [data-gutter-time]': { visibility: 'visible' },
    ':focus-within [data-gutter-time]': { visibility: 'visible' },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  // A jump's target flashes and fades back, as team chats do, instead of staying marked.
  highlighted: {
    animationName: {
      from: { backgroundColor: tokens.colorBrandBackground2 },
      to: { backgroundColor: 'transparent' },
    },
    animationDuration: '2.5s',
    animationTimingFunction: 'ease-out',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '0.01s' },
  },
  menuOpen: { backgroundColor: tokens.colorNeutralBackground1Hover },
  first: { paddingTop: tokens.spacingVerticalM },
  meta: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  sender: { fontWeight: tokens.fontWeightSemibold },
  time: { color: tokens.colorNeutralForeground3 },
  // A continued bubble's time of day shows in the avatar column on hover or focus only, as Slack and
  // Element do; it never wraps, and a day's name would not fit the column (the list clips it).
  gutterTime: {
    color: tokens.colorNeutralForeground4,
    fontSize: tokens.fontSizeBase100,
    display: 'flex',
    justifyContent: 'flex-end',
    whiteSpace: 'nowrap',
    paddingTop: '3px',
  },
  // The send state (spinner, failed with resend) sits at the end of the body, where the list is scrolled
  // to after a send, so a body taller than the view does not hide it above.
  content: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * One entry of the message list: a notice line, or a bubble with the sender's avatar and name (left
 * out when it continues the sender's previous bubble), its body and its send state.
 */
export const MessageRow = memo(function MessageRow({
  view,
  vm,
  highlighted = false,
}: {
  readonly view: MessageView;
  readonly vm: ChatViewModel;
  readonly highlighted?: boolean;
}) {
  const { t } = useText();
  const styles = useStyles();
  // The row's context menu, toolbar and keys.
  const run = useMessageAction();
  const row = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const positioning = useRef<PositioningImperativeRef>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const actions = view.kind === 'bubble' ? view.actions : [];
  // The hover toolbar and the menu (Fluent tooltips, menu and positioning per row) are mounted once the
  // row is hovered, focused or its menu is asked for: a page of history then mounts plain rows only.
  const [live, setLive] = useState(false);
  const pendingTarget = useRef<Element | { getBoundingClientRect: () => DOMRect } | undefined>(undefined);
  const wake = () => {
    if (!live) setLive(true);
  };
  const openMenuAt = (target: Element | { getBoundingClientRect: () => DOMRect }) => {
    if (actions.length === 0) return;
    if (positioning.current === null) {
      // The menu is not mounted yet: it opens at the target once it is (the effect below).
      pendingTarget.current = target;
      setLive(true);
      return;
    }
    positioning.current.setTarget(target);
    setMenuOpen(true);
  };
  useEffect(() => {
    const target = pendingTarget.current;
    if (!live || target === undefined) return;
    pendingTarget.current = undefined;
    positioning.current?.setTarget(target);
    setMenuOpen(true);
  }, [live]);
  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    if (actions.length === 0) return;
    event.preventDefault();
    const { clientX: x, clientY: y } = event;
    openMenuAt({ getBoundingClientRect: () => new DOMRect(x, y, 0, 0) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      // Under the message's body (the row spans the whole log; its end is far from the text).
      openMenuAt(content.current ?? event.currentTarget);
    }
  };
  const act = (action: MessageAction) => {
    setMenuOpen(false);
    // The action after the menu has closed: the menu's focus trap would otherwise still hide a dialog
    // the action opens from assistive technology.
    setTimeout(() => run(action, view.id, row.current), 0);
  };
  if (view.kind === 'notice') {
    return (
      <div role="note" tabIndex={-1} className={styles.notice}>
        <Text size={200} className={styles.noticeText}>
          {view.text}
        </Text>
      </div>
    );
  }
  return (
    <article
      ref={row}
      aria-label={view.own ? t('ui.chat.message.fromSelf') : view.sender}
      data-own={view.own ? 'true' : 'false'}
      data-message-id={view.id}
      data-highlighted={highlighted ? 'true' : undefined}
      tabIndex={-1}
      onContextMenu={onContextMenu}
      onKeyDown={onKeyDown}
      onPointerEnter={wake}
      onFocus={wake}
      className={mergeClasses(
        styles.message,
        !view.continued && styles.first,
        menuOpen && styles.menuOpen,
        highlighted && styles.highlighted,
      )}
    >
      {view.continued ? (
        <span className={styles.gutterTime} data-gutter-time aria-hidden>
          {view.clock}
        </span>
      ) : (
        // In a group, right-clicking another member's avatar offers an @ mention.
        <SenderAvatar
          vm={vm}
          senderID={view.senderID}
          name={view.sender}
          faceURL={view.senderFaceURL}
          own={view.own}
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
        <div ref={content} className={styles.content}>
          <MessageBody body={view.body} vm={vm} />
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
          {view.state === 'notSent' && (
            <span role="img" aria-label={t('ui.chat.message.notSent')} title={t('ui.chat.message.notSent')}>
              <ErrorCircleRegular className={styles.failed} />
            </span>
          )}
        </div>
      </div>
      {live && actions.length > 0 && (
        <div data-message-tools>
          <MessageToolbar actions={actions} onAction={act} onMore={openMenuAt} />
        </div>
      )}
      {live && (
        <MessageActionsMenu
          actions={actions}
          open={menuOpen}
          positioningRef={positioning}
          onOpenChange={setMenuOpen}
          onAction={act}
        />
      )}
    </article>
  );
});
