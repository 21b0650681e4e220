import { groupNotificationsViewModel, newFriendsViewModel } from '@teamim/application';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type {
  ApplicationListState,
  ApplicationRow,
  GroupNotificationsViewModel,
  NewFriendsViewModel,
} from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../session';
import { useText } from '../text';
import { EmptyList } from './ContactLists';
import { useContactDialogs } from '../common/contact-dialogs';
import { useContactStyles } from './styles';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover } },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0, flexGrow: 1 },
  decision: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
});

const STATUS = {
  pending: 'ui.contact.state.pending',
  agreed: 'ui.contact.state.agreed',
  refused: 'ui.contact.state.refused',
} as const;

/** New friends: received friend requests (accept, refuse, state) and the own sent requests. */
export function NewFriends() {
  const vm = useViewModel((vms) => vms.build(newFriendsViewModel));
  return <Requests vm={vm} kind="friend" />;
}

/** Group notifications: join requests to groups I manage (accept, refuse) and my own join requests. */
export function GroupNotifications() {
  const vm = useViewModel((vms) => vms.build(groupNotificationsViewModel));
  return <Requests vm={vm} kind="group" />;
}

function Requests({
  vm,
  kind,
}: {
  readonly vm: NewFriendsViewModel | GroupNotificationsViewModel;
  readonly kind: 'friend' | 'group';
}) {
  const state: ApplicationListState = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  if (state.empty) return <EmptyList text={t('ui.contact.applicationsEmpty')} />;
  return (
    <div className={local.groups}>
      {state.received.length > 0 && (
        <section aria-labelledby={`${kind}-received`}>
          <h3 id={`${kind}-received`} className={styles.sectionTitle}>
            {t('ui.contact.received')}
          </h3>
          <ul aria-label={t('ui.contact.received')} className={styles.list}>
            {state.received.map((row) => (
              <Request key={row.key} row={row} kind={kind} received vm={vm} />
            ))}
          </ul>
        </section>
      )}
      {state.sent.length > 0 && (
        <section aria-labelledby={`${kind}-sent`}>
          <h3 id={`${kind}-sent`} className={styles.sectionTitle}>
            {t('ui.contact.sent')}
          </h3>
          <ul aria-label={t('ui.contact.sent')} className={styles.list}>
            {state.sent.map((row) => (
              <Request key={row.key} row={row} kind={kind} received={false} vm={vm} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Request(props: {
  readonly row: ApplicationRow;
  readonly kind: 'friend' | 'group';
  readonly received: boolean;
  readonly vm: NewFriendsViewModel | GroupNotificationsViewModel;
}) {
  const { row, kind, received, vm } = props;
  const dialogs = useContactDialogs();
  const { t, display } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  // A sent join request is about a group; everything else about a person.
  const group = kind === 'group' && !received;
  const avatar = <FaceAvatar name={row.name} faceURL={row.faceURL} size={36} group={group} />;
  const details = (
    <span className={styles.rowText}>
      <span className={styles.ellipsis}>{row.name}</span>
      {kind === 'group' && received && (
        <Text size={200} className={styles.secondary}>
          {t('ui.contact.applyJoin', { group: row.groupName })}
        </Text>
      )}
      {received && row.message !== '' && (
        <Text size={200} className={mergeClasses(styles.secondary, styles.ellipsis)}>
          {t('ui.contact.requestMessage', { message: row.message })}
        </Text>
      )}
    </span>
  );
  return (
    <li className={mergeClasses(styles.row, local.row)}>
      {kind === 'friend' && received ? (
        <Button
          appearance="subtle"
          className={mergeClasses(styles.rowButton, local.who)}
          onClick={() =>
            dialogs.openUserCard({ userID: row.userID, nickname: row.name, faceURL: row.faceURL })
          }
        >
          {avatar}
          {details}
        </Button>
      ) : (
        <span className={local.who}>
          {avatar}
          {details}
        </span>
      )}
      <span className={local.decision}>
        {row.canDecide ? (
          <>
            <Button size="small" disabled={row.busy} onClick={() => void vm.refuse(row.key)}>
              {t('ui.contact.refuse')}
            </Button>
            <Button
              size="small"
              appearance="primary"
              disabled={row.busy}
              onClick={() => void vm.accept(row.key)}
            >
              {t('ui.contact.accept')}
            </Button>
          </>
        ) : (
          <Text size={200} className={styles.secondary}>
            {t(STATUS[row.status])}
          </Text>
        )}
        {row.error !== undefined && (
          <Text role="alert" size={200} className={styles.error}>
            {display(row.error)}
          </Text>
        )}
      </span>
    </li>
  );
}
