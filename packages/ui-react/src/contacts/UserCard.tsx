import { userCardViewModel } from '@teamim/application';
import { Button, Input, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import type { CardUser, UserCardOptions } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useViewModel } from '../session';
import { useText } from '../text';
import { CardDialog } from '../common/CardDialog';
import { useContactDialogs } from '../common/contact-dialogs';
import { RequestPanel } from './RequestPanel';
import { useContactStyles } from './styles';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  info: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  remark: { display: 'flex', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  remarkInput: { minWidth: 0, flexGrow: 1 },
  // The value column breaks long ids anywhere; the button's label stays on one line, the input gives way.
  remarkSave: { flexShrink: 0, whiteSpace: 'nowrap', overflowWrap: 'normal' },
});

/**
 * The user card (spec §2, width 332): avatar, name, copyable id and the info rows; its view model
 * decides the self / friend / non-friend variant and the buttons. Names and remarks are text.
 */
export function UserCardDialog({
  user,
  options = {},
  onClose,
}: {
  readonly user: CardUser;
  readonly options?: UserCardOptions;
  readonly onClose: () => void;
}) {
  const vm = useViewModel((vms) => vms.build(userCardViewModel, user, options), user.userID);
  const state = useObservableEagerState(vm.state$);
  const dialogs = useContactDialogs();
  const navigate = useNavigate();
  const { t, display } = useText();
  const styles = useContactStyles();
  const local = useStyles();
  // Whether the id was just copied: a transient confirmation, not product state.
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const error = state.error === undefined ? undefined : display(state.error);

  const sendMessage = async () => {
    const opened = await vm.sendMessage();
    if (!opened.ok) return;
    onClose();
    void navigate(`/chat/${encodeURIComponent(opened.value)}`);
  };

  const copyID = async () => {
    try {
      await navigator.clipboard.writeText(state.userID);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  if (state.mode === 'verify') {
    return (
      <CardDialog title={t('ui.contact.card.title')} width="user" onClose={onClose}>
        <RequestPanel
          kind="friend"
          name={state.nickname}
          id={state.userID}
          faceURL={state.faceURL}
          draft={state.request}
          error={error}
          busy={state.busy}
          onBack={() => vm.back()}
          onChange={(message) => vm.setRequestMessage(message)}
          onSend={() => void vm.sendRequest().then((sent) => sent.ok && onClose())}
        />
      </CardDialog>
    );
  }

  return (
    <CardDialog title={t('ui.contact.card.title')} width="user" onClose={onClose}>
      <div className={styles.stack}>
        <div className={styles.header}>
          <FaceAvatar name={state.name} faceURL={state.faceURL} size={48} />
          <div className={styles.rowText}>
            <Text weight="semibold" size={400} className={styles.ellipsis} data-testid="card-nickname">
              {state.name}
              {state.isSelf && ` ${t('ui.contact.card.self')}`}
            </Text>
            <span className={styles.inline}>
              <Text size={200} className={mergeClasses(styles.secondary, styles.ellipsis)}>
                {t('ui.contact.card.userID')}: {state.userID}
              </Text>
              <Button
                size="small"
                appearance="subtle"
                icon={<CopyRegular />}
                aria-label={t('ui.contact.card.copyID')}
                onClick={() => void copyID()}
              />
            </span>
            <span role="status">
              {copied !== 'no' && (
                <Text size={200}>{t(copied === 'yes' ? 'ui.contact.card.copied' : 'toast.copyFailed')}</Text>
              )}
            </span>
          </div>
        </div>
        <dl className={local.info} aria-label={t('ui.contact.card.info')}>
          {state.editRemark && (
            <Row label={t('ui.contact.card.remark')}>
              <span className={local.remark}>
                <Input
                  size="small"
                  className={local.remarkInput}
                  aria-label={t('ui.contact.card.remark')}
                  value={state.remark}
                  onChange={(_e, data) => vm.setRemark(data.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void vm.saveRemark();
                  }}
                />
                <Button
                  size="small"
                  className={local.remarkSave}
                  disabled={state.busy}
                  onClick={() => void vm.saveRemark()}
                >
                  {t('ui.contact.card.saveRemark')}
                </Button>
              </span>
            </Row>
          )}
          <Row label={t('ui.contact.card.gender')}>{t(state.genderKey)}</Row>
          <Row label={t('ui.contact.card.birth')}>{state.birth}</Row>
          <Row label={t('ui.contact.card.phone')}>{state.phoneNumber}</Row>
          <Row label={t('ui.contact.card.email')}>{state.email}</Row>
        </dl>
        {error !== undefined && (
          <Text role="alert" className={styles.error}>
            {error}
          </Text>
        )}
        <div className={styles.actions}>
          {state.addFriend !== 'hidden' && (
            <Button disabled={state.addFriend === 'disabled'} onClick={() => vm.startAddFriend()}>
              {t('ui.contact.card.addFriend')}
            </Button>
          )}
          {state.editInfo && (
            <Button appearance="primary" onClick={() => dialogs.openEditProfile()}>
              {t('ui.contact.card.editInfo')}
            </Button>
          )}
          {state.sendMessage && (
            <Button appearance="primary" disabled={state.busy} onClick={() => void sendMessage()}>
              {t('ui.contact.card.sendMessage')}
            </Button>
          )}
        </div>
      </div>
    </CardDialog>
  );
}

function Row({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const styles = useContactStyles();
  const local = useStyles();
  return (
    <>
      <dt>
        <Text size={200} className={styles.secondary}>
          {label}
        </Text>
      </dt>
      <dd className={local.value}>
        <Text size={200}>{children}</Text>
      </dd>
    </>
  );
}
