import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { BubbleBody, ChatViewModel } from '@teamim/application';
import { useText } from '../../text';

const useStyles = makeStyles({
  body: { display: 'grid', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
  quote: {
    display: 'grid',
    textAlign: 'start',
    font: 'inherit',
    color: 'inherit',
    maxWidth: '480px',
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    ':disabled': { cursor: 'default' },
  },
  author: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  excerpt: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  revoked: { fontStyle: 'italic' },
  reply: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase300,
    minWidth: 0,
  },
});

type QuoteData = Extract<BubbleBody, { kind: 'quote' }>;

/**
 * A reply with its quoted block (spec §3 "quote {sender}: {summary}"), every text as text. The
 * block is a button: it scrolls to the original, reading the history back to it, and highlights it.
 */
export function QuoteBody({ body, vm }: { readonly body: QuoteData; readonly vm: ChatViewModel }) {
  const styles = useStyles();
  const { t } = useText();
  const { quote } = body;
  return (
    <div className={styles.body}>
      <button
        type="button"
        className={styles.quote}
        data-quote-of={quote.id}
        disabled={quote.id === ''}
        aria-label={t('ui.quote.jump', { caption: quote.caption })}
        onClick={() => void vm.actions.jumpTo(quote.id, quote.seq)}
      >
        <span className={styles.author}>{quote.author}</span>
        <span className={mergeClasses(styles.excerpt, quote.revoked && styles.revoked)}>{quote.excerpt}</span>
      </button>
      <div className={styles.reply}>{body.reply}</div>
    </div>
  );
}
