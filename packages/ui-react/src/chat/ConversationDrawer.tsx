import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Switch,
  Text,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useObservableState } from 'observable-hooks';
import { useState } from 'react';
import {
  isBlacklisted,
  isGroupConversation,
  WIDTHS,
  type BlacklistEntry,
  type Conversation,
  type Friend,
} from '@teamim/domain';
import { useContactDialogs } from '../contacts/dialog-context';
import { useText } from '../text';
import { useChatServices } from './chat-services';
import { safeImageURL } from './ConversationList';

const NO_FRIENDS: readonly Friend[] = [];
const NO_BLACKLIST: readonly BlacklistEntry[] = [];

/** The settings drawer of the open conversation; spec §2: single chats 450 wide, groups 460. */
export function ConversationDrawer(props: {
  readonly conversation: Conversation;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useText();
  const group = isGroupConversation(props.conversation);
  const title = group ? t('ui.chat.drawer.groupTitle') : t('ui.chat.drawer.title');
  return (
    <OverlayDrawer
      position="end"
      open={props.open}
      onOpenChange={(_event, data) => {
        if (!data.open) props.onClose();
      }}
      style={{ width: group ? WIDTHS.groupDrawer : WIDTHS.singleDrawer }}
      aria-label={title}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('ui.chat.drawer.close')}
              icon={<DismissRegular />}
              onClick={props.onClose}
            />
          }
        >
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {group ? (
          <Text>{t('ui.chat.drawer.groupPending')}</Text>
        ) : (
          <SingleChatSettings conversation={props.conversation} />
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}

/** Spec §2 single-chat drawer: the user entry, the blacklist switch and unfriend (friends only). */
function SingleChatSettings({ conversation }: { readonly conversation: Conversation }) {
  const { services } = useChatServices();
  const { t } = useText();
  const friends = useObservableState(services.contacts.friendList$, NO_FRIENDS);
  const blacklist = useObservableState(services.contacts.blackList$, NO_BLACKLIST);
  const dialogs = useContactDialogs();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const userID = conversation.userID;
  const isFriend = friends.some((f) => f.userID === userID);
  const blocked = isBlacklisted(userID, blacklist);
  const name = conversation.showName !== '' ? conversation.showName : userID;
  const image = safeImageURL(conversation.faceURL);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {/* Spec §2: the user entry opens the user card. */}
      <Button
        appearance="subtle"
        onClick={() => dialogs.openUserCard({ userID, nickname: name, faceURL: conversation.faceURL })}
        style={{ justifyContent: 'flex-start', gap: 12, padding: 8, height: 'auto' }}
      >
        <Avatar
          name={name}
          size={48}
          {...(image === undefined ? {} : { image: { src: image } })}
          aria-hidden
        />
        <span style={{ textAlign: 'start' }}>
          <Text weight="semibold" block>
            {name}
          </Text>
          <Text size={200} block>
            {t('ui.chat.drawer.userID', { id: userID })}
          </Text>
        </span>
      </Button>
      <Switch
        label={t('ui.chat.drawer.blacklist')}
        checked={blocked}
        disabled={busy}
        onChange={(_event, data) => {
          setBusy(true);
          void services.contactActions.setBlacklisted(userID, data.checked).finally(() => setBusy(false));
        }}
      />
      {isFriend && (
        <Button appearance="secondary" onClick={() => setConfirm(true)}>
          {t('ui.chat.drawer.unfriend')}
        </Button>
      )}
      <Dialog open={confirm} onOpenChange={(_event, data) => setConfirm(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('ui.chat.drawer.unfriend')}</DialogTitle>
            <DialogContent>{t('ui.chat.drawer.unfriendConfirm', { name })}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(false)}>{t('ui.action.cancel')}</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  setConfirm(false);
                  void services.contactActions.unfriend(userID);
                }}
              >
                {t('ui.action.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
