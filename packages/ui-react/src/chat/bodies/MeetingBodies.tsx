import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { VideoRegular } from '@fluentui/react-icons';
import type { MeetingBubbleBody } from '@teamim/application';
import { useChatSlots } from '../chat-slots';

const useStyles = makeStyles({
  line: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    lineHeight: tokens.lineHeightBase300,
    fontVariantNumeric: 'tabular-nums',
  },
});

type CardBody = Extract<MeetingBubbleBody, { kind: 'meetingCard' }>;
type UpdateBody = Extract<MeetingBubbleBody, { kind: 'meetingUpdate' }>;

/** A meeting's card: the meetings feature draws it (its live state); without it, the title alone. */
export function MeetingCardBody({
  body,
  conversationID,
}: {
  readonly body: CardBody;
  readonly conversationID: string;
}) {
  const Card = useChatSlots().meetingCard;
  const styles = useStyles();
  if (Card === undefined) {
    return (
      <span className={styles.line}>
        <VideoRegular aria-hidden />
        <Text>{body.title}</Text>
      </span>
    );
  }
  return <Card conversationID={conversationID} meetingID={body.meetingID} title={body.title} />;
}

/** A change of a meeting, one line: "Meeting started", "Meeting ended · 12:05 · 3 took part", ... */
export function MeetingUpdateBody({ body }: { readonly body: UpdateBody }) {
  const styles = useStyles();
  return (
    <span className={styles.line} data-meeting-update={body.action}>
      <VideoRegular aria-hidden />
      {body.text}
    </span>
  );
}
