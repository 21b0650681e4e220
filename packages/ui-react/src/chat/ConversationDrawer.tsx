import { singleChatDrawerViewModel } from '@teamim/application';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ChatHeader } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useContactDialogs } from '../common/contact-dialogs';
import { useViewModel } from '../session';
import { useText } from '../text';
import { FaceAvatar } from '../FaceAvatar';
import { GROUP_DRAWER_WIDTH, SINGLE_DRAWER_WIDTH } from '../layout';
import { useChatSlots } from './chat-slots';

const useStyles = makeStyles({
  single: { width: SINGLE_DRAWER_WIDTH },
  group: { width: GROUP_DRAWER_WIDTH },
  settings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  entry: {
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    height: 'auto',
  },
  entryText: { textAlign: 'start' },
});

/** The settings drawer of the open conversation; spec §2: single chats 450 wide, groups 460. */
export function ConversationDrawer(props: {
  readonly conversationID: string;
  readonly header: ChatHeader;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const GroupDrawer = useChatSlots().groupDrawer;
  const group = props.header.isGroup;
  const title = group ? t('ui.chat.drawer.groupTitle') : t('ui.chat.drawer.title');
  return (
    <OverlayDrawer
      position="end"
      open={props.open}
      onOpenChange={(_event, data) => {
        if (!data.open) props.onClose();
      }}
      className={group ? styles.group : styles.single}
      aria-label={title}
    >
      {group ? (
        // The group drawer's header, views and modals live in groups/, hosted through the chat's slot.
        GroupDrawer !== undefined && <GroupDrawer groupID={props.header.groupID} onClose={props.onClose} />
      ) : (
        <>
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
            <SingleChatSettings header={props.header} />
          </DrawerBody>
        </>
      )}
    </OverlayDrawer>
  );
}

/** Spec §2 single-chat drawer: the user entry, the blacklist switch and unfriend (friends only). */
function SingleChatSettings({ header }: { readonly header: ChatHeader }) {
  const { t } = useText();
  const styles = useStyles();
  const vm = useViewModel((vms) => vms.build(singleChatDrawerViewModel, header.userID), header.userID);
  const state = useObservableEagerState(vm.state$);
  const dialogs = useContactDialogs();
  const [confirm, setConfirm] = useState(false);

  return (
    <div className={styles.settings}>
      {/* Spec §2: the user entry opens the user card. */}
      <Button
        appearance="subtle"
        className={styles.entry}
        onClick={() =>
          dialogs.openUserCard({ userID: header.userID, nickname: header.name, faceURL: header.faceURL })
        }
      >
        <FaceAvatar name={header.name} faceURL={header.faceURL} size={48} />
        <span className={styles.entryText}>
          <Text weight="semibold" block>
            {header.name}
          </Text>
          <Text size={200} block>
            {t('ui.chat.drawer.userID', { id: header.userID })}
          </Text>
        </span>
      </Button>
      <Switch
        label={t('ui.chat.drawer.blacklist')}
        checked={state.blocked}
        disabled={state.busy}
        onChange={(_event, data) => void vm.setBlocked(data.checked)}
      />
      {state.failed && (
        <div role="alert">
          <Text size={200} block>
            {t('ui.chat.drawer.blacklistFailed')}
          </Text>
          <Button size="small" disabled={state.busy} onClick={() => void vm.retry()}>
            {t('ui.chat.drawer.blacklistRetry')}
          </Button>
        </div>
      )}
      {state.isFriend && (
        <Button appearance="secondary" onClick={() => setConfirm(true)}>
          {t('ui.chat.drawer.unfriend')}
        </Button>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('ui.chat.drawer.unfriend')}
        body={t('ui.chat.drawer.unfriendConfirm', { name: header.name })}
        confirmLabel={t('ui.action.confirm')}
        onClose={() => setConfirm(false)}
        onConfirm={() => void vm.unfriend()}
      />
    </div>
  );
}
