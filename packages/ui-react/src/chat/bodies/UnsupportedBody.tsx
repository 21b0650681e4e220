import { makeStyles, tokens } from '@fluentui/react-components';
import type { BubbleBody } from '@teamim/application';

const useStyles = makeStyles({
  placeholder: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
});

/** Spec §8 "unsupported message", for kinds this client cannot show. */
export function UnsupportedBody({ body }: { readonly body: Extract<BubbleBody, { kind: 'unsupported' }> }) {
  const styles = useStyles();
  return <span className={styles.placeholder}>{body.text}</span>;
}
