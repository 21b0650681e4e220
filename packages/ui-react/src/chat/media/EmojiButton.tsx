import {
  Button,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { EmojiRegular } from '@fluentui/react-icons';
import type { ComposerViewModel } from '@teamim/application';
import { startTransition, Suspense, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { usePrefetch } from '../../prefetch';
import { useText } from '../../text';
import { emojiPanel } from './emoji-panel';
import { insertText } from './insert-text';
import { useParkedHolder } from './parked-holder';

const useStyles = makeStyles({
  // The picker draws its own frame: the popover adds only its shadow, not a second border and padding.
  surface: {
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusXLarge,
    overflow: 'hidden',
  },
  // Where the picker waits, rendered, until the popover opens: laid out at its size (the picker measures
  // itself to render only the emoji in view) but never seen or hit.
  parked: {
    position: 'fixed',
    top: 0,
    left: 0,
    visibility: 'hidden',
    pointerEvents: 'none',
    zIndex: -1,
  },
  unavailable: {
    display: 'block',
    maxWidth: '240px',
    padding: tokens.spacingVerticalM,
  },
});

/** The composer's message box: the toolbar sits in the same composer block. */
function messageBox(from: HTMLElement | null): HTMLTextAreaElement | null {
  let node = from?.parentElement ?? null;
  while (node !== null) {
    const box = node.querySelector('textarea');
    if (box !== null) return box;
    node = node.parentElement;
  }
  return null;
}

/** Spec §2: the composer's emoji popover; a picked emoji goes in at the caret. */
export function EmojiButton({
  vm,
  disabled = false,
}: {
  readonly vm: ComposerViewModel;
  /** While the composer is closed; an open picker closes with it. */
  readonly disabled?: boolean;
}) {
  const { t } = useText();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  // The picker's first render (its whole grid) takes longer than a click may wait: it starts when the
  // pointer or focus reaches the button, parked out of sight, and stays rendered after a close, so that
  // opening the popover only moves it in. Never before that intent: the session's heap stays without it.
  const [warm, setWarm] = useState(false);
  const { holder, slot } = useParkedHolder(styles.parked);
  const shown = open && !disabled;
  const intent = () => {
    emojiPanel.preload();
    startTransition(() => setWarm(true));
  };
  // The picker's chunk and emoji data (over half a megabyte of heap once evaluated) load once a composer
  // shows, not with the conversation list: a session that opens no chat never holds them.
  usePrefetch(emojiPanel.preload);
  const pick = (emoji: string) => {
    const box = messageBox(anchor.current);
    const next = insertText(vm.state.text, box?.selectionStart, box?.selectionEnd, emoji);
    vm.change(next.text);
    setOpen(false);
    // Back to the box, caret after the emoji, once React has written the new text.
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <>
      <span ref={anchor} hidden />
      <Popover
        open={shown}
        onOpenChange={(_e, data) => setOpen(data.open)}
        positioning="above-start"
        trapFocus
      >
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={t('ui.media.emoji')} relationship="label">
            <Button
              appearance="subtle"
              icon={<EmojiRegular />}
              aria-haspopup="dialog"
              disabled={disabled}
              onPointerEnter={intent}
              onFocus={intent}
            />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface aria-label={t('ui.media.emoji')} className={styles.surface}>
          <div ref={slot} />
        </PopoverSurface>
      </Popover>
      {(warm || shown) &&
        createPortal(
          <Suspense fallback={shown ? <Spinner size="small" label={t('ui.media.emojiLoading')} /> : null}>
            <emojiPanel.Component
              shown={shown}
              onPick={pick}
              unavailable={<Text className={styles.unavailable}>{t('ui.media.emojiUnavailable')}</Text>}
            />
          </Suspense>,
          holder,
        )}
    </>
  );
}
