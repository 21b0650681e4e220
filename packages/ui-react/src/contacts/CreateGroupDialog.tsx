import {
  Button,
  Checkbox,
  DialogActions,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useNavigate } from 'react-router';
import { useViewModel } from '../session';
import { useText } from '../text';
import { CardDialog } from './CardDialog';
import { useContactStyles } from './styles';

const useStyles = makeStyles({
  fieldset: { border: 'none', padding: 0, margin: 0, minWidth: 0 },
  legend: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', padding: 0 },
  choices: { maxHeight: '240px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
});

/**
 * A minimal create-group modal: a group name (max 16) and friends to add. The full member picker
 * (680 wide, two panes, avatar upload) comes with the group issue; the rules are the application's.
 */
export function CreateGroupDialog({ onClose }: { readonly onClose: () => void }) {
  const vm = useViewModel((vms) => vms.createGroup());
  const state = useObservableEagerState(vm.state$);
  const navigate = useNavigate();
  const { t, display } = useText();
  const styles = useContactStyles();
  const local = useStyles();

  const create = async () => {
    const created = await vm.create();
    if (!created.ok) return;
    onClose();
    void navigate(`/chat/${encodeURIComponent(created.value)}`);
  };

  return (
    <CardDialog
      title={t('ui.contact.createGroup.title')}
      width="modal"
      onClose={onClose}
      footer={
        <DialogActions>
          <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
          <Button appearance="primary" disabled={state.busy} onClick={() => void create()}>
            {t('ui.contact.createGroup.create')}
          </Button>
        </DialogActions>
      }
    >
      <div className={styles.stack}>
        <Field label={t('ui.contact.createGroup.name')}>
          <Input
            value={state.name}
            maxLength={state.nameMax}
            onChange={(_e, data) => vm.setName(data.value)}
          />
        </Field>
        <fieldset className={local.fieldset}>
          <legend className={local.legend}>
            <Text weight="semibold">{t('ui.contact.createGroup.members')}</Text>
            <Text size={200} className={styles.secondary}>
              {t('ui.contact.createGroup.selected', { count: state.selectedCount })}
            </Text>
          </legend>
          <div className={local.choices}>
            {state.friends.map((friend) => (
              <Checkbox
                key={friend.userID}
                label={friend.name}
                checked={friend.selected}
                onChange={(_e, data) => vm.toggle(friend.userID, data.checked === true)}
              />
            ))}
          </div>
        </fieldset>
        {state.error !== undefined && (
          <Text role="alert" className={styles.error}>
            {display(state.error)}
          </Text>
        )}
      </div>
    </CardDialog>
  );
}
