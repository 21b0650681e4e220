import { groupSettingsViewModel } from '@teamim/application';
import {
  Button,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, DismissRegular } from '@fluentui/react-icons';
import type { MemberRow } from '@teamim/application';
import { PickerMode } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useContactDialogs } from '../common/contact-dialogs';
import { useViewModel } from '../session';
import { useText } from '../text';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { MuteDialog } from './MuteDialog';
import { GroupMembersView } from './GroupMembersView';
import { GroupSettingsView } from './GroupSettingsView';
import { MemberPickerDialog } from './MemberPickerDialog';

const useStyles = makeStyles({
  // Fluent's DrawerBody, without its scroll-state hook: that re-measures the body in a layout effect on every
  // render of its children, a forced layout that made each page of a 2,000-member list a long task.
  body: {
    display: 'flex',
    flexDirection: 'column',
    flex: 1,
    alignSelf: 'stretch',
    position: 'relative',
    zIndex: 1,
    overflow: 'auto',
    padding: `0 ${tokens.spacingHorizontalXXL} ${tokens.spacingVerticalL}`,
  },
  fill: { flex: 1, minHeight: 0, overflow: 'hidden' },
  // A sub-view's back arrow, apart from its title.
  title: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  secondary: { color: tokens.colorNeutralForeground3 },
});

type View = 'settings' | 'members' | 'search';

/**
 * False for the drawer's first render, true from a task of its own: the drawer's frame mounts (and
 * Fluent finds its first focusable element) before the settings view with its member grid does, as
 * two tasks under 50 ms instead of one over. The drawer is still sliding in meanwhile.
 */
function useSecondTask(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown;
}
type Modal =
  | { readonly kind: 'none' }
  | { readonly kind: 'mute' | 'kick'; readonly member: MemberRow }
  | { readonly kind: 'leave' }
  | { readonly kind: 'picker'; readonly mode: PickerMode };

/**
 * The group settings drawer's header and views (spec §2: settings, members, search), with the
 * mute-duration modal, the confirmations and the member picker for add, remove and transfer.
 */
export function GroupDrawerContent(props: { readonly groupID: string; readonly onClose: () => void }) {
  const { t } = useText();
  const styles = useStyles();
  const navigate = useNavigate();
  const dialogs = useContactDialogs();
  const vm = useViewModel((vms) => vms.build(groupSettingsViewModel, props.groupID), props.groupID);
  const state = useObservableEagerState(vm.state$);
  const [view, setView] = useState<View>('settings');
  const bodyShown = useSecondTask();
  const [modal, setModal] = useState<Modal>({ kind: 'none' });
  const close = () => setModal({ kind: 'none' });
  const loadMore = useCallback(() => void vm.loadMembers(), [vm]);

  const openMember = useCallback(
    (member: MemberRow) => {
      if (!member.canOpenCard) return;
      const group = vm.cardContext();
      dialogs.openUserCard(
        { userID: member.userID, nickname: member.name, faceURL: member.faceURL },
        group === undefined ? {} : { group },
      );
    },
    [vm, dialogs],
  );
  // Stable, so the members view's memoized rows do not render again on every keystroke of a search.
  const memberHandlers = useMemo(
    () => ({
      onOpen: openMember,
      onMute: (member: MemberRow) => setModal({ kind: 'mute', member }),
      onUnmute: (member: MemberRow) => void vm.unmute(member.userID),
      onKick: (member: MemberRow) => setModal({ kind: 'kick', member }),
      onSetAdmin: (member: MemberRow, admin: boolean) => void vm.setAdmin(member.userID, admin),
    }),
    [openMember, vm],
  );
  const search = useCallback((query: string) => vm.search(query), [vm]);
  const leave = async () => {
    const left = await vm.leave();
    if (!left.ok) return;
    props.onClose();
    void navigate('/chat');
  };

  const title =
    view === 'members'
      ? t('ui.group.drawer.membersTitle')
      : view === 'search'
        ? t('ui.group.drawer.searchTitle')
        : t('ui.group.drawer.title');

  return (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ as: 'h2' }}
          action={
            <Button
              appearance="subtle"
              aria-label={t('ui.chat.drawer.close')}
              icon={<DismissRegular />}
              onClick={props.onClose}
            />
          }
        >
          <span className={styles.title}>
            {view !== 'settings' && (
              <Button
                appearance="subtle"
                size="small"
                icon={<ArrowLeftRegular />}
                aria-label={t('ui.group.drawer.back')}
                title={t('ui.group.drawer.back')}
                onClick={() => {
                  vm.search('');
                  setView('settings');
                }}
              />
            )}
            {title}
          </span>
        </DrawerHeaderTitle>
      </DrawerHeader>
      <div className={mergeClasses(styles.body, view !== 'settings' && styles.fill)}>
        {!bodyShown ? null : state.status === 'left' ? (
          <Text className={styles.secondary}>{t('ui.group.drawer.left')}</Text>
        ) : state.status === 'loading' ? (
          <Spinner size="small" label={t('ui.group.drawer.loading')} />
        ) : view === 'settings' ? (
          <GroupSettingsView
            vm={vm}
            state={state}
            handlers={{
              onOpenMember: openMember,
              onAdd: () => setModal({ kind: 'picker', mode: PickerMode.InviteToGroup }),
              onRemove: () => setModal({ kind: 'picker', mode: PickerMode.KickFromGroup }),
              onTransfer: () => setModal({ kind: 'picker', mode: PickerMode.TransferInGroup }),
              onViewMore: () => setView('members'),
              onSearch: () => setView('search'),
              onLeave: () => setModal({ kind: 'leave' }),
            }}
          />
        ) : (
          <GroupMembersView
            state={state}
            searchFirst={view === 'search'}
            onSearch={search}
            onLoadMore={loadMore}
            handlers={memberHandlers}
          />
        )}
      </div>
      {modal.kind === 'mute' && (
        <MuteDialog
          name={modal.member.name}
          options={state.muteOptions}
          onClose={close}
          onMute={(seconds) => {
            // Without a choice the application warns ('select mute duration') and the modal stays.
            if (seconds !== undefined) close();
            void vm.mute(modal.member.userID, seconds);
          }}
        />
      )}
      {modal.kind === 'kick' && (
        <ConfirmDialog
          open
          title={t('ui.group.kick.title')}
          body={t('ui.group.kick.body', { name: modal.member.name })}
          confirmLabel={t('ui.group.kick.title')}
          onClose={close}
          onConfirm={() => {
            void vm.kick(modal.member.userID);
          }}
        />
      )}
      {modal.kind === 'leave' && (
        <ConfirmDialog
          open
          title={state.leave === 'disband' ? t('ui.group.disband.label') : t('ui.group.exit.label')}
          body={
            state.leave === 'disband'
              ? t('ui.group.disband.body', { name: state.name })
              : t('ui.group.exit.body', { name: state.name })
          }
          confirmLabel={state.leave === 'disband' ? t('ui.group.disband.label') : t('ui.group.exit.label')}
          onClose={close}
          onConfirm={() => void leave()}
        />
      )}
      {modal.kind === 'picker' && (
        <MemberPickerDialog mode={modal.mode} groupID={props.groupID} onClose={close} />
      )}
    </>
  );
}
