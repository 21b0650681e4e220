import EmojiPicker, { EmojiStyle } from 'emoji-picker-react';
import { useSystemColorScheme } from '../../theme';
import { useText } from '../../text';

/**
 * The emoji picker (emoji-picker-react), loaded only when the popover first opens. Native emoji, so
 * no picture is fetched from a CDN; the English dataset it bundles names the emoji for search.
 */
export default function EmojiPanel({ onPick }: { readonly onPick: (emoji: string) => void }) {
  const { t } = useText();
  const scheme = useSystemColorScheme();
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      colorScheme={scheme}
      lazyLoadEmojis
      autoFocusSearch
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      width={340}
      height={380}
      labels={{ searchPlaceholder: t('ui.media.emojiSearch'), searchLabel: t('ui.media.emojiSearch') }}
      onEmojiClick={(emoji) => onPick(emoji.emoji)}
    />
  );
}
