import { mediaUploadViewModel } from '@teamim/application';
import { Button, makeStyles, Text, Tooltip, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular, ImageRegular } from '@fluentui/react-icons';
import type { ComposerViewModel, PickedUpload } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useViewModel } from '../../session';
import { useText } from '../../text';
import { EmojiButton } from './EmojiButton';
import { browserMediaProber, pickedUploads } from './probe';

const useStyles = makeStyles({
  hidden: { display: 'none' },
  // A line of its own under the tools (the toolbar wraps), after every tool whatever the order of the
  // areas' items: between the icons it squeezed them apart.
  notice: {
    order: 1,
    flexBasis: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    minWidth: 0,
    color: tokens.colorPaletteRedForeground1,
    paddingLeft: tokens.spacingHorizontalS,
  },
  hint: { color: tokens.colorBrandForeground1, marginLeft: tokens.spacingHorizontalS },
  dropping: {
    outline: `${tokens.strokeWidthThickest} dashed ${tokens.colorBrandStroke1}`,
    outlineOffset: '-6px',
    backgroundColor: tokens.colorBrandBackground2,
  },
});

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Spec §2 composer: emoji, picture/video and file buttons; pictures pasted into the chat and files
 * dropped onto it are sent too. Refusals (folders, unsupported types, too large) show next to the tools.
 */
export function MediaTools({
  vm: composer,
  disabled = false,
}: {
  readonly vm: ComposerViewModel;
  /** The composer is closed (muted, mute-all): no tool, and no paste or drop of files. */
  readonly disabled?: boolean;
}) {
  const vm = useViewModel((vms) => vms.build(mediaUploadViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t, display } = useText();
  const styles = useStyles();
  const pictureInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const [dragging, setDragging] = useState(false);
  // Read by the listeners below, which stay attached while the composer closes and opens again.
  const closed = useRef(disabled);
  closed.current = disabled;

  // Paste and drop are caught on the whole chat column (the section this composer belongs to).
  useEffect(() => {
    const chat = anchor.current?.closest('section');
    if (chat === null || chat === undefined) return undefined;
    let depth = 0;
    const send = (uploads: PickedUpload[]) => {
      if (uploads.length > 0 && !closed.current) void vm.send(uploads, browserMediaProber);
    };
    const onPaste = (event: ClipboardEvent) => {
      const uploads = pickedUploads(event.clipboardData?.files ?? null);
      if (uploads.length === 0) return;
      event.preventDefault();
      send(uploads);
    };
    const onDragEnter = (event: DragEvent) => {
      if (!hasFiles(event) || closed.current) return;
      depth += 1;
      setDragging(true);
    };
    const onDragLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      // Refused while closed, but still taken from the browser, which would open the file instead.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = closed.current ? 'none' : 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      send(pickedUploads(event.dataTransfer?.files ?? null, event.dataTransfer?.items));
    };
    chat.addEventListener('paste', onPaste);
    chat.addEventListener('dragenter', onDragEnter);
    chat.addEventListener('dragleave', onDragLeave);
    chat.addEventListener('dragover', onDragOver);
    chat.addEventListener('drop', onDrop);
    return () => {
      chat.removeEventListener('paste', onPaste);
      chat.removeEventListener('dragenter', onDragEnter);
      chat.removeEventListener('dragleave', onDragLeave);
      chat.removeEventListener('dragover', onDragOver);
      chat.removeEventListener('drop', onDrop);
    };
  }, [vm]);

  useEffect(() => {
    const chat = anchor.current?.closest('section');
    if (!dragging || chat === null || chat === undefined) return undefined;
    chat.classList.add(styles.dropping);
    return () => chat.classList.remove(styles.dropping);
  }, [dragging, styles.dropping]);

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const uploads = pickedUploads(event.target.files);
    event.target.value = '';
    if (uploads.length > 0 && !closed.current) void vm.send(uploads, browserMediaProber);
  };

  return (
    <>
      <EmojiButton vm={composer} disabled={disabled} />
      <Tooltip content={t('ui.media.picture')} relationship="label">
        <Button
          appearance="subtle"
          icon={<ImageRegular />}
          disabled={disabled}
          onClick={() => pictureInput.current?.click()}
        />
      </Tooltip>
      <Tooltip content={t('ui.media.file')} relationship="label">
        <Button
          appearance="subtle"
          icon={<AttachRegular />}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        />
      </Tooltip>
      <span ref={anchor} className={styles.hidden}>
        <input
          ref={pictureInput}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,image/bmp,video/mp4,video/webm"
          tabIndex={-1}
          aria-hidden
          data-testid="picture-input"
          onChange={onPicked}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden
          data-testid="file-input"
          onChange={onPicked}
        />
      </span>
      {dragging && (
        <Text size={200} className={styles.hint}>
          {t('ui.media.dropHint')}
        </Text>
      )}
      {state.notice !== undefined && (
        <span role="alert" className={styles.notice}>
          <Text size={200}>{display(state.notice)}</Text>
          <Button
            size="small"
            appearance="transparent"
            icon={<DismissRegular />}
            aria-label={t('ui.media.dismiss')}
            onClick={() => vm.dismiss()}
          />
        </span>
      )}
    </>
  );
}
