import { groupCardViewModel } from '@teamim/application';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { Group } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useNavigate } from 'react-router';
import { useViewModel } from '../session';
import { useText } from '../text';
import { CardDialog } from '../common/CardDialog';
import { RequestPanel } from './RequestPanel';
import { useContactStyles } from './styles';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  members: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  introduction: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

/**
 * The group card (spec §2, width 484): avatar, name, id, member count, introduction, creation date and
 * the member avatar row (7, or 8 when there are exactly 8 members); Send message when the user is in
 * the group, else Add group with its verification view.
 */
export function GroupCardDialog({
  group,
  onClose,
}: {
  readonly group: Group | { readonly groupID: string };
  readonly onClose: () => void;
}) {
  const vm = useViewModel((vms) => vms.build(groupCardViewModel, group), group.groupID);
  const state = useObservableEagerState(vm.state$);
  const navigate = useNavigate();
  const { t, display } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  const error = state.error === undefined ? undefined : display(state.error);

  const sendMessage = async () => {
    const opened = await vm.sendMessage();
    if (!opened.ok) return;
    onClose();
    void navigate(`/chat/${encodeURIComponent(opened.value)}`);
  };

  return (
    <CardDialog title={t('ui.contact.group.title')} width="group" onClose={onClose}>
      {state.mode === 'verify' ? (
        <RequestPanel
          kind="group"
          name={state.name}
          id={state.groupID}
          faceURL={state.faceURL}
          draft={state.request}
          error={error}
          busy={state.busy}
          onBack={() => vm.back()}
          onChange={(message) => vm.setRequestMessage(message)}
          onSend={() => void vm.apply().then((sent) => sent.ok && onClose())}
        />
      ) : (
        <div className={styles.stack}>
          <div className={styles.header}>
            <FaceAvatar name={state.name} faceURL={state.faceURL} size={56} group />
            <div className={styles.rowText}>
              <Text weight="semibold" size={400} className={styles.ellipsis}>
                {state.name}
              </Text>
              <Text size={200} className={mergeClasses(styles.secondary, styles.ellipsis)}>
                {t('ui.contact.group.id')}: {state.groupID}
              </Text>
              {state.memberCount !== undefined && (
                <Text size={200} className={styles.secondary}>
                  {t('ui.contact.memberCount', { count: state.memberCount })}
                </Text>
              )}
            </div>
          </div>
          {state.members.length > 0 && (
            <ul className={local.members} aria-label={t('ui.contact.group.members')}>
              {state.members.map((member) => (
                <li key={member.userID}>
                  <FaceAvatar name={member.name} faceURL={member.faceURL} size={32} label={member.name} />
                </li>
              ))}
            </ul>
          )}
          {state.membersHidden && (
            <Text block size={200} className={styles.secondary}>
              {t('ui.contact.group.membersHidden')}
            </Text>
          )}
          {state.introduction !== '' && (
            <section aria-label={t('ui.contact.group.introduction')}>
              <Text block size={200} weight="semibold">
                {t('ui.contact.group.introduction')}
              </Text>
              <Text block size={200} className={local.introduction}>
                {state.introduction}
              </Text>
            </section>
          )}
          {state.created !== '' && (
            <Text size={200} className={styles.secondary}>
              {t('ui.contact.group.created')}: {state.created}
            </Text>
          )}
          {error !== undefined && (
            <Text role="alert" className={styles.error}>
              {error}
            </Text>
          )}
          <div className={styles.actions}>
            {state.inGroup ? (
              <Button appearance="primary" disabled={state.busy} onClick={() => void sendMessage()}>
                {t('ui.contact.card.sendMessage')}
              </Button>
            ) : (
              <Button appearance="primary" onClick={() => vm.startApply()}>
                {t('ui.contact.group.addGroup')}
              </Button>
            )}
          </div>
        </div>
      )}
    </CardDialog>
  );
}
