import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { RedPacketClaimRow, RedPacketProgress } from '@teamim/application';
import { FaceAvatar } from '../FaceAvatar';
import { useText } from '../text';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignSelf: 'stretch',
    gap: tokens.spacingVerticalS,
    textAlign: 'start',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
  },
  summary: { color: tokens.colorNeutralForeground2 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '240px',
    overflowY: 'auto',
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
  },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  amount: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
});

/** Who received what from a group red packet, and how far it has gone. */
export function RedPacketClaims(props: {
  readonly claims: readonly RedPacketClaimRow[];
  readonly progress: RedPacketProgress;
}) {
  const { claims, progress } = props;
  const { t } = useText();
  const styles = useStyles();
  const summary =
    progress.state === 'expired'
      ? t('ui.redPacket.progressExpired', { claimed: progress.claimed, num: progress.num })
      : progress.state === 'finished'
        ? t('ui.redPacket.progressDone', { num: progress.num, total: progress.total })
        : t('ui.redPacket.progress', {
            claimed: progress.claimed,
            num: progress.num,
            claimedAmount: progress.claimedAmount,
            total: progress.total,
          });
  return (
    <div className={styles.root}>
      <Text className={styles.summary}>{summary}</Text>
      {claims.length === 0 ? (
        <Text className={styles.time}>{t('ui.redPacket.noClaims')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('ui.redPacket.claims')}>
          {claims.map((claim) => {
            const name = claim.isMe ? `${claim.name}${t('ui.redPacket.you')}` : claim.name;
            return (
              <li
                key={claim.userID}
                className={styles.row}
                aria-label={t('ui.redPacket.claimOf', { name, amount: claim.amount, time: claim.time })}
              >
                <FaceAvatar name={claim.name} faceURL={claim.faceURL} size={28} />
                <span className={styles.who}>
                  <Text className={styles.name}>{name}</Text>
                  <Text className={styles.time}>{claim.time}</Text>
                </span>
                <Text className={styles.amount}>
                  {t('ui.redPacket.claimAmount', { amount: claim.amount })}
                </Text>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
