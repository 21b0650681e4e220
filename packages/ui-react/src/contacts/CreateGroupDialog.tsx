import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
} from '@fluentui/react-components';
import { useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { friendDisplayName, TEXT_LIMITS } from '@teamim/domain';
import { useSignedIn } from '../services';
import { useText } from '../text';
import { appErrorText } from './errors';

/**
 * A minimal create-group modal: a group name (max 16) and friends to add. The full member picker
 * (680 wide, two panes, avatar upload) comes with the group issue; the rules (name required, more
 * than one member, one member opens a single chat) are the application's.
 */
export function CreateGroupDialog({ onClose }: { readonly onClose: () => void }) {
  const services = useSignedIn();
  const navigate = useNavigate();
  const { t, display } = useText();
  const friends = useObservableState(services.contacts.friendList$, services.contacts.snapshot.friendList);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const toggle = (userID: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(userID);
    else next.delete(userID);
    setSelected(next);
  };

  const create = async () => {
    setBusy(true);
    const created = await services.groupActions.createGroup({
      groupName: name,
      selectedUserIDs: [...selected],
    });
    setBusy(false);
    if (!created.ok) {
      setError(display(appErrorText(created.error)));
      return;
    }
    onClose();
    void navigate(`/chat/${encodeURIComponent(created.value.conversation.conversationID)}`);
  };

  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface style={{ width: 420, maxWidth: '100%' }} aria-label={t('ui.contact.createGroup.title')}>
        <DialogBody>
          <DialogTitle>{t('ui.contact.createGroup.title')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <Field label={t('ui.contact.createGroup.name')}>
              <Input
                value={name}
                maxLength={TEXT_LIMITS.groupName}
                onChange={(_e, data) => setName(data.value)}
              />
            </Field>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text weight="semibold">{t('ui.contact.createGroup.members')}</Text>{' '}
                <Text size={200}>{t('ui.contact.createGroup.selected', { count: selected.size })}</Text>
              </legend>
              <div style={{ maxHeight: 240, overflowY: 'auto', display: 'grid' }}>
                {friends.map((friend) => (
                  <Checkbox
                    key={friend.userID}
                    label={friendDisplayName(friend)}
                    checked={selected.has(friend.userID)}
                    onChange={(_e, data) => toggle(friend.userID, data.checked === true)}
                  />
                ))}
              </div>
            </fieldset>
            {error !== undefined && <Text role="alert">{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void create()}>
              {t('ui.contact.createGroup.create')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
