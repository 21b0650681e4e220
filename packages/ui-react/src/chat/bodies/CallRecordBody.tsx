import { makeStyles, tokens } from '@fluentui/react-components';
import { Call16Regular, CallMissed16Regular, Video16Regular } from '@fluentui/react-icons';
import type { BubbleBody } from '@teamim/application';

const useStyles = makeStyles({
  record: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    lineHeight: tokens.lineHeightBase300,
    fontVariantNumeric: 'tabular-nums',
  },
  missed: { color: tokens.colorStatusDangerForeground1 },
});

type CallRecordData = Extract<BubbleBody, { kind: 'callRecord' }>;

/** A call's record in the chat (spec §4 calls): an icon for voice or video, and how it ended. */
export function CallRecordBody({ body }: { readonly body: CallRecordData }) {
  const styles = useStyles();
  const icon =
    body.result === 'answered' ? (
      body.mediaType === 'video' ? (
        <Video16Regular aria-hidden />
      ) : (
        <Call16Regular aria-hidden />
      )
    ) : (
      <CallMissed16Regular aria-hidden className={styles.missed} />
    );
  return (
    <span className={styles.record} data-call-record={body.result}>
      {icon}
      {body.text}
    </span>
  );
}
