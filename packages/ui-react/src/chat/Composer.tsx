import { Button, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useText } from '../text';
import { useChatServices } from './chat-services';
import { composerBounds, composerKeyAction, heightPercent, resizeByKey } from './composer-logic';

/**
 * The separator above the composer: drag it, or focus it and use the arrow keys (10% steps, 100% with
 * Shift), Home and End. `height` is the composer's height in pixels within a column of `containerPx`.
 */
export function ComposerSeparator(props: {
  readonly height: number;
  readonly containerPx: number;
  readonly onResize: (heightPx: number) => void;
}) {
  const { t } = useText();
  const drag = useRef<{ readonly startY: number; readonly startHeight: number } | undefined>(undefined);
  const { min, max } = composerBounds(props.containerPx);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = resizeByKey(props.height, props.containerPx, event.key, event.shiftKey);
    if (next !== undefined) {
      event.preventDefault();
      props.onResize(next);
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: props.height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current === undefined) return;
    // Dragging up makes the composer taller.
    props.onResize(drag.current.startHeight + (drag.current.startY - event.clientY));
  };
  const onPointerUp = () => {
    drag.current = undefined;
  };

  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('ui.chat.composer.resize')}
      aria-valuenow={heightPercent(props.height, props.containerPx)}
      aria-valuemin={heightPercent(min, props.containerPx)}
      aria-valuemax={heightPercent(max, props.containerPx)}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{
        height: 6,
        cursor: 'row-resize',
        borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
        touchAction: 'none',
        flexShrink: 0,
      }}
    />
  );
}

/**
 * The message box (spec §2): Enter sends, Shift+Enter adds a newline, blank text is not sent. The text
 * is kept per conversation in the draft book, so switching away and back keeps it.
 */
export function Composer(props: { readonly conversationID: string; readonly height: number }) {
  const { services, drafts } = useChatServices();
  const { t } = useText();
  const [text, setText] = useState(() => drafts.get(props.conversationID));
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setText(drafts.get(props.conversationID));
    box.current?.focus();
  }, [drafts, props.conversationID]);

  const change = (value: string) => {
    setText(value);
    drafts.set(props.conversationID, value, Date.now());
  };

  const send = () => {
    if (text.trim() === '') return;
    const sending = text;
    change('');
    // The store appends the message at once and marks it failed (with resend) if delivery fails.
    void services.chat.sendText(sending);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (
      composerKeyAction({
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
      }) === 'send'
    ) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div
      style={{
        height: props.height,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        padding: '8px 12px 12px',
        boxSizing: 'border-box',
        gap: 8,
      }}
    >
      <textarea
        ref={box}
        aria-label={t('ui.chat.composer.label')}
        placeholder={t('ui.chat.composer.placeholder')}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        style={{
          flex: 1,
          resize: 'none',
          border: 'none',
          outline: 'none',
          font: 'inherit',
          fontSize: tokens.fontSizeBase300,
          background: 'transparent',
        }}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button appearance="primary" icon={<SendRegular />} disabled={text.trim() === ''} onClick={send}>
          {t('ui.chat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
