import { Avatar, Button, Text } from '@fluentui/react-components';
import { useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCalendarDate, SessionType, type Group } from '@teamim/domain';
import { useSignedIn } from '../services';
import { useText } from '../text';
import { CardDialog } from './CardDialog';
import { appErrorText } from './errors';
import { RequestPanel } from './RequestPanel';

/**
 * The shell's group card (spec §2, 360–420 wide): avatar, name, id, introduction, member count; Send
 * message when the user is in the group, else Add group with its verification view. A group known
 * only by id (typed into the add-group search) shows the id and can still be applied to.
 */
export function GroupCardDialog({
  group,
  onClose,
}: {
  readonly group: Group | { readonly groupID: string };
  readonly onClose: () => void;
}) {
  const services = useSignedIn();
  const navigate = useNavigate();
  const { t, display } = useText();
  const joined = useObservableState(services.contacts.groupList$, services.contacts.snapshot.groupList);
  const mine = joined.find((g) => g.groupID === group.groupID);
  const known: Group | undefined = mine ?? ('groupName' in group ? group : undefined);
  const inGroup = mine !== undefined || known?.inGroup === true;
  const [mode, setMode] = useState<'card' | 'verify'>('card');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = known?.groupName ?? group.groupID;

  const enterChat = async () => {
    setBusy(true);
    const opened = await services.conversations.open(group.groupID, SessionType.Group);
    setBusy(false);
    if (!opened.ok) {
      setError(display(appErrorText(opened.error)));
      return;
    }
    onClose();
    void navigate(`/chat/${encodeURIComponent(opened.value.conversationID)}`);
  };

  const apply = async (message: string) => {
    setBusy(true);
    const sent = await services.contactActions.sendJoinRequest(group.groupID, message);
    setBusy(false);
    if (sent.ok) {
      onClose();
      return;
    }
    setError(display(appErrorText(sent.error)));
    if (sent.error.kind === 'remote') setMode('card');
  };

  return (
    <CardDialog title={t('ui.contact.group.title')} width={400} onClose={onClose}>
      {mode === 'verify' ? (
        <RequestPanel
          kind="group"
          name={name}
          id={group.groupID}
          faceURL={known?.faceURL ?? ''}
          error={error}
          busy={busy}
          onBack={() => {
            setError(undefined);
            setMode('card');
          }}
          onSend={(message) => void apply(message)}
        />
      ) : (
        <div style={{ display: 'grid', gap: 12 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <Avatar
              shape="square"
              size={48}
              name={name}
              {...(known !== undefined && known.faceURL !== '' ? { image: { src: known.faceURL } } : {})}
            />
            <div>
              <Text block weight="semibold" size={400}>
                {name}
              </Text>
              <Text block size={200}>
                {t('ui.contact.group.id')}: {group.groupID}
              </Text>
              {known !== undefined && (
                <Text block size={200}>
                  {t('ui.contact.memberCount', { count: known.memberCount })}
                </Text>
              )}
            </div>
          </div>
          {known !== undefined && known.introduction !== '' && (
            <div>
              <Text block size={200} weight="semibold">
                {t('ui.contact.group.introduction')}
              </Text>
              <Text block size={200}>
                {known.introduction}
              </Text>
            </div>
          )}
          {known !== undefined && known.createTime > 0 && (
            <Text size={200}>
              {t('ui.contact.group.created')}:{' '}
              {formatCalendarDate(known.createTime, -new Date(known.createTime).getTimezoneOffset())}
            </Text>
          )}
          {error !== undefined && <Text role="alert">{error}</Text>}
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            {inGroup ? (
              <Button appearance="primary" disabled={busy} onClick={() => void enterChat()}>
                {t('ui.contact.card.sendMessage')}
              </Button>
            ) : (
              <Button
                appearance="primary"
                onClick={() => {
                  setError(undefined);
                  setMode('verify');
                }}
              >
                {t('ui.contact.group.addGroup')}
              </Button>
            )}
          </div>
        </div>
      )}
    </CardDialog>
  );
}
