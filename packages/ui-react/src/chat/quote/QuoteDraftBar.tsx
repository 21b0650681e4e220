import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular, TextQuoteRegular } from '@fluentui/react-icons';
import type { QuoteDraftViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, type RefObject } from 'react';
import { useText } from '../../text';

const useStyles = makeStyles({
  bar: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  icon: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase400 },
  text: { display: 'grid', minWidth: 0 },
  author: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  excerpt: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

/**
 * The quoted block above the message box (author and one line of the message, as text), with a
 * close button; Esc in the box removes it too (the composer asks `vm.clear()`). A new quote puts the
 * caret in the box, so the reply can be typed at once.
 */
export function QuoteDraftBar(props: {
  readonly vm: QuoteDraftViewModel;
  readonly box: RefObject<HTMLTextAreaElement | null>;
}) {
  const { vm, box } = props;
  const { quote } = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useStyles();
  const id = quote?.id;
  useEffect(() => {
    if (id !== undefined) box.current?.focus();
  }, [id, box]);
  if (quote === undefined) return null;
  return (
    <div role="group" aria-label={t('ui.quote.draftLabel')} className={styles.bar}>
      <TextQuoteRegular aria-hidden className={styles.icon} />
      <span className={styles.text}>
        <Text size={200} className={styles.author}>
          {t('ui.quote.replyingTo', { name: quote.author })}
        </Text>
        <Text size={200} className={styles.excerpt}>
          {quote.excerpt}
        </Text>
      </span>
      <Button
        appearance="subtle"
        size="small"
        icon={<DismissRegular />}
        aria-label={t('ui.quote.remove')}
        title={t('ui.quote.remove')}
        onClick={() => {
          vm.clear();
          box.current?.focus();
        }}
      />
    </div>
  );
}
