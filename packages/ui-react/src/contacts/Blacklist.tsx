import { blacklistViewModel } from '@teamim/application';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useContactStyles } from './styles';
import { useViewModel } from '../session';
import { useText } from '../text';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  list: {
    paddingInline: tokens.spacingHorizontalL,
    overflowY: 'auto',
    width: '100%',
    boxSizing: 'border-box',
  },
  name: { flex: 1, minWidth: 0 },
  // At the row's end however short the name: the Remove buttons of all rows line up.
  remove: { marginLeft: 'auto', flexShrink: 0 },
});

/** /contact/blacklist (spec §2): blocked users with avatar, nickname and remove, or the empty state. */
export function Blacklist() {
  const vm = useViewModel((vms) => vms.build(blacklistViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  if (state.empty) return <Text className={styles.empty}>{t('ui.contact.blacklistEmpty')}</Text>;
  return (
    <ul className={mergeClasses(styles.list, local.list)} aria-label={t('ui.contact.blacklist')}>
      {state.entries.map((entry) => {
        return (
          <li key={entry.userID} className={styles.row}>
            <FaceAvatar name={entry.name} faceURL={entry.faceURL} size={36} />
            <Text className={mergeClasses(styles.ellipsis, local.name)}>{entry.name}</Text>
            <Button
              size="small"
              className={local.remove}
              aria-label={t('ui.contact.blacklistRemoveLabel', { name: entry.name })}
              onClick={() => void vm.remove(entry.userID)}
            >
              {t('ui.contact.blacklistRemove')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
