import {
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  Tooltip,
  tokens,
  type PositioningImperativeRef,
} from '@fluentui/react-components';
import {
  ArrowForwardRegular,
  ArrowUndoRegular,
  CopyRegular,
  DeleteRegular,
  MoreHorizontalRegular,
  PinOffRegular,
  PinRegular,
  SaveRegular,
  TextQuoteRegular,
} from '@fluentui/react-icons';
import type { MessageAction } from '@teamim/application';
import type { ReactElement } from 'react';
import type { UiKey } from '../../ui-messages';
import { useText } from '../../text';

const ACTION_LABELS: Record<MessageAction, UiKey> = {
  copy: 'ui.msg.copy',
  saveAs: 'ui.msg.saveAs',
  forward: 'ui.msg.forward',
  quote: 'ui.msg.quote',
  pin: 'ui.msg.pin',
  unpin: 'ui.msg.unpin',
  revoke: 'ui.msg.revoke',
  delete: 'ui.msg.delete',
};

const ICONS: Record<MessageAction, ReactElement> = {
  copy: <CopyRegular />,
  saveAs: <SaveRegular />,
  forward: <ArrowForwardRegular />,
  quote: <TextQuoteRegular />,
  pin: <PinRegular />,
  unpin: <PinOffRegular />,
  revoke: <ArrowUndoRegular />,
  delete: <DeleteRegular />,
};

/** Actions that change the conversation for good go after a divider, away from the everyday ones. */
const DESTRUCTIVE = new Set<MessageAction>(['revoke', 'delete']);

const useStyles = makeStyles({
  danger: { color: tokens.colorPaletteRedForeground1 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    position: 'absolute',
    top: `calc(-1 * ${tokens.spacingVerticalL})`,
    right: tokens.spacingHorizontalL,
    zIndex: 2,
    padding: '2px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
});

/**
 * A message's context menu (spec §2), opened by right-click at the pointer, or by the keyboard or the
 * toolbar's More button at the message.
 */
export function MessageActionsMenu(props: {
  readonly actions: readonly MessageAction[];
  readonly open: boolean;
  readonly positioningRef: React.RefObject<PositioningImperativeRef | null>;
  readonly onOpenChange: (open: boolean) => void;
  readonly onAction: (action: MessageAction) => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const everyday = props.actions.filter((a) => !DESTRUCTIVE.has(a));
  const destructive = props.actions.filter((a) => DESTRUCTIVE.has(a));
  const item = (action: MessageAction) => (
    <MenuItem
      key={action}
      icon={ICONS[action]}
      className={DESTRUCTIVE.has(action) ? styles.danger : undefined}
      onClick={() => props.onAction(action)}
    >
      {t(ACTION_LABELS[action])}
    </MenuItem>
  );
  return (
    <Menu
      open={props.open}
      onOpenChange={(_e, data) => props.onOpenChange(data.open)}
      positioning={{ positioningRef: props.positioningRef, position: 'below', align: 'start' }}
    >
      <MenuPopover>
        <MenuList aria-label={t('ui.msg.actions')}>
          {everyday.map(item)}
          {everyday.length > 0 && destructive.length > 0 && <MenuDivider />}
          {destructive.map(item)}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The quick actions on hover or focus (the first two everyday ones) and More, which opens the menu. */
export function MessageToolbar(props: {
  readonly actions: readonly MessageAction[];
  readonly onAction: (action: MessageAction) => void;
  readonly onMore: (button: HTMLElement) => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const quick = props.actions.filter((a) => a === 'quote' || a === 'forward' || a === 'copy').slice(0, 2);
  return (
    // A plain toolbar: Fluent's Toolbar adds focus sentinels (aria-hidden yet focusable) that axe flags.
    <div role="toolbar" aria-label={t('ui.msg.actions')} className={styles.toolbar}>
      {quick.map((action) => (
        <Tooltip key={action} content={t(ACTION_LABELS[action])} relationship="label" withArrow>
          <Button
            appearance="subtle"
            size="small"
            icon={ICONS[action]}
            onClick={() => props.onAction(action)}
          />
        </Tooltip>
      ))}
      <Tooltip content={t('ui.msg.more')} relationship="label" withArrow>
        <Button
          appearance="subtle"
          size="small"
          icon={<MoreHorizontalRegular />}
          aria-haspopup="menu"
          onClick={(event) => props.onMore(event.currentTarget)}
        />
      </Tooltip>
    </div>
  );
}
