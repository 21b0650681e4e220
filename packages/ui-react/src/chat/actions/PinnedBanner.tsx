import { Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { PinOffRegular, PinRegular } from '@fluentui/react-icons';
import type { ChatViewModel, PinnedBannerView } from '@teamim/application';
import { useText } from '../../text';

const useStyles = makeStyles({
  banner: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalS} 0 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  open: {
    flex: 1,
    minWidth: 0,
    justifyContent: 'flex-start',
    textAlign: 'start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    borderRadius: 0,
  },
  lines: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  count: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  text: { color: tokens.colorNeutralForeground2 },
});

/**
 * The pinned-message banner above the list (spec §2): the shown pin; a click jumps to it and moves on
 * to the next pin; unpin on the side.
 */
export function PinnedBanner(props: {
  readonly vm: ChatViewModel;
  readonly pinned: PinnedBannerView | undefined;
}) {
  const { t } = useText();
  const styles = useStyles();
  const { pinned, vm } = props;
  if (pinned === undefined) return null;
  const params = { position: pinned.position, count: pinned.count, sender: pinned.sender, text: pinned.text };
  return (
    <div role="region" aria-label={t('ui.msg.pinnedLabel')} className={styles.banner}>
      <Button
        appearance="transparent"
        className={styles.open}
        icon={<PinRegular />}
        aria-label={t('ui.msg.pinnedOpen', params)}
        onClick={() => void vm.actions.openPinned(pinned.id)}
      >
        <span className={styles.lines}>
          <Text size={200} className={styles.count}>
            {t('ui.msg.pinnedCount', params)}
          </Text>
          <Text size={200} truncate wrap={false} className={styles.text}>
            {pinned.sender}: {pinned.text}
          </Text>
        </span>
      </Button>
      <Tooltip content={t('ui.msg.unpin')} relationship="label" withArrow>
        <Button
          appearance="subtle"
          size="small"
          icon={<PinOffRegular />}
          onClick={() => vm.actions.unpin(pinned.id)}
        />
      </Tooltip>
    </div>
  );
}
