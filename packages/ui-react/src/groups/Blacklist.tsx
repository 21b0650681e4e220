import { Avatar, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { safeImageURL } from '../chat/images';
import { useContactStyles } from '../contacts/styles';
import { useViewModel } from '../session';
import { useText } from '../text';

const useStyles = makeStyles({
  list: { paddingInline: tokens.spacingHorizontalL, overflowY: 'auto' },
  name: { flex: 1, minWidth: 0 },
});

/** /contact/blacklist (spec §2): blocked users with avatar, nickname and remove, or the empty state. */
export function Blacklist() {
  const vm = useViewModel((vms) => vms.blacklist());
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  if (state.empty) return <Text className={styles.empty}>{t('ui.contact.blacklistEmpty')}</Text>;
  return (
    <ul className={`${styles.list} ${local.list}`} aria-label={t('ui.contact.blacklist')}>
      {state.entries.map((entry) => {
        const image = safeImageURL(entry.faceURL);
        return (
          <li key={entry.userID} className={styles.row}>
            <Avatar
              size={36}
              name={entry.name}
              color="colorful"
              {...(image === undefined ? {} : { image: { src: image } })}
              aria-hidden
            />
            <Text className={`${styles.ellipsis} ${local.name}`}>{entry.name}</Text>
            <Button
              size="small"
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
