import { Avatar, Button, Input, Text } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useObservableState } from 'observable-hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  formatCalendarDate,
  genderLabelKey,
  SessionType,
  userCardActions,
  userRelation,
  type Friend,
} from '@teamim/domain';
import { useSignedIn } from '../services';
import { useText } from '../text';
import { CardDialog } from './CardDialog';
import { appErrorText } from './errors';
import { RequestPanel } from './RequestPanel';
import { useContactDialogs, type CardUser, type UserCardOptions } from './dialog-context';

const localOffset = (ms: number) => -new Date(ms).getTimezoneOffset();

/**
 * The user card (spec §2, width 332): avatar, nickname, copyable id and the info rows; self gets Edit
 * info, friends an editable remark and Send message, others Add friends (via the verification panel)
 * and Send message. Names and remarks are rendered as text.
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
  const services = useSignedIn();
  const dialogs = useContactDialogs();
  const navigate = useNavigate();
  const { t, display } = useText();
  const self = useObservableState(services.currentUser.selfInfo$, services.currentUser.selfInfo);
  const friends = useObservableState(services.contacts.friendList$, services.contacts.snapshot.friendList);
  const relation = userRelation(user.userID, self?.userID ?? '', friends);
  const friend: Friend | undefined = friends.find((f) => f.userID === user.userID);
  const shown: CardUser = relation === 'self' && self !== undefined ? self : { ...user, ...friend };
  const actions = userCardActions({ ...options, relation });
  const [mode, setMode] = useState<'card' | 'verify'>('card');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [remark, setRemark] = useState(friend?.remark ?? '');
  // The friend record has no phone or e-mail: the chat API completes the friend's entry.
  useEffect(() => {
    if (relation === 'friend') void services.contactActions.loadUserDetails(user.userID);
  }, [relation, services, user.userID]);

  const sendMessage = async () => {
    setBusy(true);
    const opened = await services.conversations.open(user.userID, SessionType.Single);
    setBusy(false);
    if (!opened.ok) {
      setError(display(appErrorText(opened.error)));
      return;
    }
    onClose();
    void navigate(`/chat/${encodeURIComponent(opened.value.conversationID)}`);
  };

  const sendRequest = async (message: string) => {
    setBusy(true);
    const sent = await services.contactActions.sendFriendRequest(
      user.allowAddFriend === undefined
        ? { userID: user.userID }
        : { userID: user.userID, allowAddFriend: user.allowAddFriend },
      message,
    );
    setBusy(false);
    if (sent.ok) {
      onClose();
      return;
    }
    // Spec §8: a failed request returns to the card (the toast comes from the application).
    setError(display(appErrorText(sent.error)));
    if (sent.error.kind === 'remote') setMode('card');
  };

  const saveRemark = async () => {
    setBusy(true);
    const saved = await services.contactActions.setRemark(user.userID, remark);
    setBusy(false);
    setError(saved.ok ? undefined : display(appErrorText(saved.error)));
  };

  const copyID = async () => {
    try {
      await navigator.clipboard.writeText(shown.userID);
      setCopied(true);
    } catch {
      setError(t('toast.copyFailed'));
    }
  };

  const birth =
    shown.birth !== undefined && shown.birth !== 0
      ? formatCalendarDate(shown.birth, localOffset(shown.birth))
      : '';

  return (
    <CardDialog title={t('ui.contact.card.title')} width={332} onClose={onClose}>
      {mode === 'verify' ? (
        <RequestPanel
          kind="friend"
          name={shown.nickname}
          id={shown.userID}
          faceURL={shown.faceURL}
          error={error}
          busy={busy}
          onBack={() => {
            setError(undefined);
            setMode('card');
          }}
          onSend={(message) => void sendRequest(message)}
        />
      ) : (
        <div style={{ display: 'grid', gap: 12 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <Avatar
              size={48}
              name={shown.nickname}
              {...(shown.faceURL !== '' ? { image: { src: shown.faceURL } } : {})}
            />
            <div style={{ minWidth: 0 }}>
              <Text block weight="semibold" size={400} data-testid="card-nickname">
                {shown.nickname}
                {actions.isSelf && ` ${t('ui.contact.card.self')}`}
              </Text>
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <Text size={200}>
                  {t('ui.contact.card.userID')}: {shown.userID}
                </Text>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<CopyRegular />}
                  aria-label={t('ui.contact.card.copyID')}
                  onClick={() => void copyID()}
                />
                <span role="status">{copied && <Text size={200}>{t('ui.contact.card.copied')}</Text>}</span>
              </span>
            </div>
          </div>
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 12px', margin: 0 }}>
            {actions.editRemark && (
              <Row label={t('ui.contact.card.remark')}>
                <span style={{ display: 'flex', gap: 4 }}>
                  <Input
                    size="small"
                    aria-label={t('ui.contact.card.remark')}
                    value={remark}
                    onChange={(_e, data) => setRemark(data.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') void saveRemark();
                    }}
                  />
                  <Button size="small" disabled={busy} onClick={() => void saveRemark()}>
                    {t('ui.contact.card.saveRemark')}
                  </Button>
                </span>
              </Row>
            )}
            <Row label={t('ui.contact.card.gender')}>{t(genderLabelKey(shown.gender))}</Row>
            <Row label={t('ui.contact.card.birth')}>{birth}</Row>
            <Row label={t('ui.contact.card.phone')}>{shown.phoneNumber ?? ''}</Row>
            <Row label={t('ui.contact.card.email')}>{shown.email ?? ''}</Row>
          </dl>
          {error !== undefined && (
            <Text role="alert" style={{ color: 'var(--colorPaletteRedForeground1)' }}>
              {error}
            </Text>
          )}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            {actions.addFriend !== 'hidden' && (
              <Button
                disabled={actions.addFriend === 'disabled'}
                onClick={() => {
                  setError(undefined);
                  setMode('verify');
                }}
              >
                {t('ui.contact.card.addFriend')}
              </Button>
            )}
            {actions.editInfo && (
              <Button appearance="primary" onClick={() => dialogs.openEditProfile()}>
                {t('ui.contact.card.editInfo')}
              </Button>
            )}
            {actions.sendMessage && (
              <Button appearance="primary" disabled={busy} onClick={() => void sendMessage()}>
                {t('ui.contact.card.sendMessage')}
              </Button>
            )}
          </div>
        </div>
      )}
    </CardDialog>
  );
}

function Row({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <>
      <dt>
        <Text size={200}>{label}</Text>
      </dt>
      <dd style={{ margin: 0 }}>
        <Text size={200}>{children}</Text>
      </dd>
    </>
  );
}
