import { forwardDialogViewModel } from '@teamim/application';
import {
  Button,
  Checkbox,
  DialogActions,
  makeStyles,
  SearchBox,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { Message } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../../session';
import { CardDialog } from '../../common/CardDialog';
import { useText } from '../../text';
import { FaceAvatar } from '../../FaceAvatar';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    height: '320px',
    overflowY: 'auto',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  kind: { color: tokens.colorNeutralForeground3 },
  empty: { display: 'block', padding: tokens.spacingVerticalL, textAlign: 'center' },
  send: { whiteSpace: 'nowrap' },
});

/**
 * The forward-message dialog (spec §2): search, tick conversations, Forward (n). The summary toast
 * comes from the use case; the dialog closes once the forward is done.
 */
export function ForwardDialog(props: { readonly message: Message; readonly onClose: () => void }) {
  const { t } = useText();
  const styles = useStyles();
  const vm = useViewModel(
    (vms) => vms.build(forwardDialogViewModel, props.message),
    props.message.clientMsgID,
  );
  const state = useObservableEagerState(vm.state$);
  return (
    <CardDialog
      title={t('ui.msg.forwardTitle')}
      width="forward"
      closeButton={false}
      contentClassName={styles.content}
      onClose={props.onClose}
      footer={
        <DialogActions>
          <Button onClick={props.onClose}>{t('ui.action.cancel')}</Button>
          <Button
            appearance="primary"
            className={styles.send}
            disabled={!state.canForward}
            onClick={() => void vm.forward().then((result) => result.ok && props.onClose())}
          >
            {t('ui.msg.forwardSend', { count: state.selectedCount })}
          </Button>
        </DialogActions>
      }
    >
      <SearchBox
        aria-label={t('ui.msg.forwardSearch')}
        placeholder={t('ui.msg.forwardSearch')}
        value={state.query}
        onChange={(_e, data) => vm.search(data.value)}
      />
      <ul aria-label={t('ui.msg.forwardList')} className={styles.list}>
        {state.rows.length === 0 && (
          <li>
            <Text className={styles.empty}>{t('ui.msg.forwardNone')}</Text>
          </li>
        )}
        {state.rows.map((row) => {
          return (
            <li key={row.id} className={styles.row}>
              <Checkbox
                checked={row.selected}
                onChange={() => vm.toggle(row.id)}
                label={
                  <span className={styles.label}>
                    <FaceAvatar name={row.name} faceURL={row.faceURL} size={28} group={row.isGroup} />
                    <Text truncate wrap={false}>
                      {row.name}
                    </Text>
                    {row.isGroup && (
                      <Text size={200} className={styles.kind}>
                        {t('ui.msg.group')}
                      </Text>
                    )}
                  </span>
                }
              />
            </li>
          );
        })}
      </ul>
    </CardDialog>
  );
}
