import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { BubbleBody, BubblePart, ChatViewModel } from '@teamim/application';
import { useContactDialogs } from '../../common/contact-dialogs';

const useStyles = makeStyles({
  text: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase300,
    minWidth: 0,
  },
  quote: {
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralStroke1}`,
    paddingLeft: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  mention: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusSmall,
    padding: '0 2px',
  },
  mentionButton: {
    font: 'inherit',
    border: 'none',
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

type TextBodyData = Extract<BubbleBody, { kind: 'text' }>;

/** Text with its highlighted mentions, under the block it quotes when it quotes one. */
export function TextBody({ body, vm }: { readonly body: TextBodyData; readonly vm: ChatViewModel }) {
  const styles = useStyles();
  return (
    <div className={styles.text}>
      {body.quote !== undefined && (
        <div className={styles.quote}>{`${body.quote.senderName}: ${body.quote.summary}`}</div>
      )}
      {body.parts.map((part, index) => (
        <Part key={index} part={part} vm={vm} />
      ))}
    </div>
  );
}

/**
 * A piece of a message body. A mention is highlighted; spec §2: clicking it opens the user card,
 * except for the at-all tag, an empty id, or a group that forbids looking at member info.
 */
function Part({ part, vm }: { readonly part: BubblePart; readonly vm: ChatViewModel }) {
  const styles = useStyles();
  const dialogs = useContactDialogs();
  if (part.kind === 'text') return <span>{part.text}</span>;
  const target = vm.mentionTarget(part.userID);
  if (target === undefined) {
    return (
      <span data-mention="true" className={styles.mention}>
        {part.text}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-mention="true"
      className={mergeClasses(styles.mention, styles.mentionButton)}
      onClick={() =>
        dialogs.openUserCard(
          { userID: part.userID, nickname: part.text.replace(/^@/, ''), faceURL: '' },
          target.group === undefined ? {} : { group: target.group },
        )
      }
    >
      {part.text}
    </button>
  );
}
