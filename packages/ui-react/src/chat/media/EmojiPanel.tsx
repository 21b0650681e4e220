import EmojiPicker, { EmojiStyle } from 'emoji-picker-react';
import { useEffect, useRef } from 'react';
import { useSystemColorScheme } from '../../theme';
import { useText } from '../../text';

/**
 * The emoji picker (emoji-picker-react), in a chunk of its own. Native emoji, so no picture is fetched
 * from a CDN; the English dataset it bundles names the emoji for search. It may be rendered ahead of use,
 * out of sight: `shown` tells when the popover shows it.
 */
export default function EmojiPanel({
  shown,
  onPick,
}: {
  readonly shown: boolean;
  readonly onPick: (emoji: string) => void;
}) {
  const { t } = useText();
  const scheme = useSystemColorScheme();
  const root = useRef<HTMLDivElement>(null);
  // The search box gets focus without scrolling: the app's page never scrolls, but a focus() while the
  // popover is still being placed would scroll the whole document away.
  useEffect(() => {
    if (!shown) return;
    const frame = requestAnimationFrame(() =>
      root.current?.querySelector('input')?.focus({ preventScroll: true }),
    );
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return (
    <div ref={root}>
      <EmojiPicker
        emojiStyle={EmojiStyle.NATIVE}
        colorScheme={scheme}
        lazyLoadEmojis
        autoFocusSearch={false}
        skinTonesDisabled
        previewConfig={{ showPreview: false }}
        width={340}
        height={380}
        labels={{ searchPlaceholder: t('ui.media.emojiSearch'), searchLabel: t('ui.media.emojiSearch') }}
        onEmojiClick={(emoji) => onPick(emoji.emoji)}
      />
    </div>
  );
}
