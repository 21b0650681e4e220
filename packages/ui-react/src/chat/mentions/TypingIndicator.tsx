import { typingIndicatorViewModel } from '@teamim/application';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../../session';

const useStyles = makeStyles({
  typing: { color: tokens.colorBrandForeground1, whiteSpace: 'nowrap', fontStyle: 'italic' },
});

/**
 * "typing..." next to the name while the other party of a one-to-one chat types (spec §4
 * presence). A polite live region, so a screen reader hears it without losing its place.
 */
export function TypingIndicator(props: { readonly conversationID: string }) {
  const vm = useViewModel(
    (vms) => vms.build(typingIndicatorViewModel, props.conversationID),
    props.conversationID,
  );
  const state = useObservableEagerState(vm.state$);
  const styles = useStyles();
  return (
    <Text size={200} role="status" aria-live="polite" className={styles.typing}>
      {state.text}
    </Text>
  );
}
