import { composerAccessViewModel, composerViewModel, quoteDraftViewModel } from '@teamim/application';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useViewModel } from '../session';
import { useText } from '../text';
import { ComposerToolbar } from './ComposerToolbar';
import { QuoteDraftBar } from './quote/QuoteDraftBar';
import { composerBounds, composerKeyAction, heightPercent, resizeByKey } from './composer-logic';
import { useMentionSuggestions } from './mentions/MentionSuggestions';

const useStyles = makeStyles({
  separator: {
    height: '6px',
    flexShrink: 0,
    cursor: 'row-resize',
    touchAction: 'none',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  composer: {
    position: 'relative', // The mention suggestions sit above the box
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    boxSizing: 'border-box',
  },
  box: {
    flex: 1,
    minHeight: 0,
    resize: 'none',
    font: 'inherit',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    outlineStyle: 'none',
    ':hover': { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Hover}` },
    // Chromium treats a text field as keyboard-focused after a click too, so this shows on every focus: a
    // two-pixel brand border (the border plus an inset ring of the same colour), like Fluent's own fields,
    // rather than the heavy black ring of buttons and lists.
    ':focus-visible': {
      border: `${tokens.strokeWidthThin} solid ${tokens.colorCompoundBrandStroke}`,
      boxShadow: `inset 0 0 0 ${tokens.strokeWidthThin} ${tokens.colorCompoundBrandStroke}`,
    },
    '::placeholder': { color: tokens.colorNeutralForeground4 },
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  blocked: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  problem: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  closed: {
    cursor: 'not-allowed',
    color: tokens.colorNeutralForegroundDisabled,
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeDisabled}`,
  },
});

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
  const styles = useStyles();
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
      className={styles.separator}
    />
  );
}

function describedBy(conversationID: string, blocked: boolean, problem: boolean) {
  const ids = [
    ...(blocked ? [`composer-blocked-${conversationID}`] : []),
    ...(problem ? [`composer-problem-${conversationID}`] : []),
  ];
  return ids.length === 0 ? {} : { 'aria-describedby': ids.join(' ') };
}

/**
 * The message box (spec §2): Enter sends, Shift+Enter adds a newline, blank text is not sent. The text
 * is the conversation's draft (kept through the SDK) and clears only when the send was accepted.
 */
export function Composer(props: { readonly conversationID: string }) {
  const vm = useViewModel((vms) => vms.build(composerViewModel, props.conversationID), props.conversationID);
  const state = useObservableEagerState(vm.state$);
  // Closed, with the spec's text, while the user is muted or mute-all applies to her.
  const access = useViewModel(
    (vms) => vms.build(composerAccessViewModel, props.conversationID),
    props.conversationID,
  );
  const { blocked, tools, redPackets } = useObservableEagerState(access.state$);
  const { t, display } = useText();
  const styles = useStyles();
  const box = useRef<HTMLTextAreaElement>(null);
  // The quoted block above the box
  const quote = useViewModel(
    (vms) => vms.build(quoteDraftViewModel, props.conversationID),
    props.conversationID,
  );
  const mention = useMentionSuggestions(props.conversationID, vm, box);

  useEffect(() => box.current?.focus(), [props.conversationID]);

  const send = () => {
    if (state.canSend && blocked === undefined) void vm.send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event)) return; // The open suggestion list takes its keys
    // Esc removes the quoted block (and does nothing else then).
    if (event.key === 'Escape' && quote.clear()) {
      event.preventDefault();
      return;
    }
    const action = composerKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action === 'send') {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.composer}>
      <QuoteDraftBar vm={quote} box={box} />
      {blocked !== undefined && (
        <Text role="status" id={`composer-blocked-${props.conversationID}`} className={styles.blocked}>
          {display(blocked)}
        </Text>
      )}
      {mention.popover}
      <textarea
        ref={box}
        className={mergeClasses(styles.box, blocked !== undefined && styles.closed)}
        disabled={blocked !== undefined}
        {...describedBy(props.conversationID, blocked !== undefined, state.problem !== undefined)}
        aria-invalid={state.problem !== undefined}
        aria-label={t('ui.chat.composer.label')}
        placeholder={t('ui.chat.composer.placeholder')}
        value={state.text}
        onChange={(event) => {
          vm.change(event.target.value);
          mention.refresh(event.target.value, event.target.selectionStart);
        }}
        // Moving the caret (keys, clicks) changes the "@query" it is in.
        onSelect={(event) => mention.refresh(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => vm.mentions.close()}
        {...mention.textboxProps}
        onKeyDown={onKeyDown}
      />
      {/* A text the server would refuse (too large) stays in the box, with the reason under it. */}
      {state.problem !== undefined && (
        <Text role="alert" id={`composer-problem-${props.conversationID}`} className={styles.problem}>
          {display(state.problem)}
        </Text>
      )}
      <div className={styles.actions}>
        <ComposerToolbar
          conversationID={props.conversationID}
          vm={vm}
          disabled={!tools}
          redPackets={redPackets}
        />
        <Button
          appearance="primary"
          icon={<SendRegular />}
          disabled={!state.canSend || blocked !== undefined}
          onClick={send}
        >
          {t('ui.chat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
