import { memberPickerViewModel } from '@teamim/application';
import { Button, DialogActions, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CameraRegular, DismissRegular } from '@fluentui/react-icons';
import type { PickerItem } from '@teamim/application';
import { PickerMode } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useViewModel } from '../session';
import { useText } from '../text';
import { CardDialog } from '../common/CardDialog';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { AvatarFileInput } from '../common/AvatarFileInput';
import { pickedFile } from '../common/picked-file';
import { PickerLeftPane } from './PickerLeftPane';
import { usePickedPreview } from './picked-preview';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  groupFields: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  grow: { flex: 1 },
  // The chosen group avatar, in place of the camera icon (the button's icon slot is 20 px).
  thumb: {
    width: '20px',
    height: '20px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusSmall,
  },
  panes: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    height: '480px',
    overflow: 'hidden',
  },
  right: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  count: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  selected: { listStyleType: 'none', margin: 0, padding: 0, overflowY: 'auto', flex: 1 },
  chip: {
    width: '100%',
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightRegular,
  },
  chipName: {
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    textAlign: 'start',
  },
});

const TITLES = {
  [PickerMode.CreateGroup]: 'ui.group.picker.create',
  [PickerMode.InviteToGroup]: 'ui.group.picker.invite',
  [PickerMode.KickFromGroup]: 'ui.group.picker.kick',
  [PickerMode.TransferInGroup]: 'ui.group.picker.transfer',
  [PickerMode.SelectUser]: 'ui.group.picker.select',
} as const;

/**
 * Spec §2 member picker: 680 wide, title bar with close, the two panes, cancel and confirm; in create
 * mode also the group name (max 16) and avatar. It closes after every group action (spec §4).
 */
export function MemberPickerDialog(props: {
  readonly mode: PickerMode;
  readonly groupID?: string;
  readonly preselected?: readonly PickerItem[];
  readonly onClose: () => void;
  readonly onSelected?: (items: readonly PickerItem[]) => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const navigate = useNavigate();
  const vm = useViewModel((vms) =>
    vms.build(memberPickerViewModel, {
      mode: props.mode,
      ...(props.groupID === undefined ? {} : { groupID: props.groupID }),
      ...(props.preselected === undefined ? {} : { preselected: props.preselected }),
    }),
  );
  const state = useObservableEagerState(vm.state$);
  const fileInput = useRef<HTMLInputElement>(null);
  const [avatarFile, setAvatarFile] = useState<File | undefined>(undefined);
  const avatarPreview = usePickedPreview(avatarFile, state.avatarName !== undefined);
  const [confirmTransfer, setConfirmTransfer] = useState(false);
  const title = t(TITLES[props.mode]);

  const confirm = async () => {
    const result = await vm.confirm();
    if (!result.ok) {
      if (!vm.state.open) props.onClose();
      return;
    }
    props.onClose();
    if (result.value.kind === 'created') {
      void navigate(`/chat/${encodeURIComponent(result.value.outcome.conversation.conversationID)}`);
    } else if (result.value.kind === 'selected') {
      props.onSelected?.(result.value.items);
    }
  };
  const transferTarget = state.selected[0];

  return (
    <CardDialog
      title={title}
      width="picker"
      contentClassName={styles.content}
      onClose={props.onClose}
      footer={
        <DialogActions>
          <Button onClick={props.onClose}>{t('ui.action.cancel')}</Button>
          <Button
            appearance="primary"
            disabled={state.busy}
            onClick={() => {
              if (props.mode === PickerMode.TransferInGroup && transferTarget !== undefined)
                setConfirmTransfer(true);
              else void confirm();
            }}
          >
            {t('ui.action.confirm')}
          </Button>
        </DialogActions>
      }
    >
      {state.showGroupFields && (
        <div className={styles.groupFields}>
          <Button
            appearance="secondary"
            icon={
              avatarPreview === undefined ? (
                <CameraRegular />
              ) : (
                <img className={styles.thumb} src={avatarPreview} alt={state.avatarName ?? ''} />
              )
            }
            aria-label={t('ui.group.picker.avatar')}
            title={state.avatarName ?? t('ui.group.picker.avatar')}
            onClick={() => fileInput.current?.click()}
          >
            {state.avatarName === undefined ? t('ui.group.picker.avatar') : t('ui.group.picker.avatarChosen')}
          </Button>
          <AvatarFileInput
            ref={fileInput}
            onFile={(file) => {
              setAvatarFile(file);
              vm.setAvatar(pickedFile(file));
            }}
          />
          <Field label={t('ui.group.name.label')} className={styles.grow}>
            <Input
              value={state.groupName}
              maxLength={state.groupNameMax}
              onChange={(_e, data) => vm.setGroupName(data.value)}
            />
          </Field>
        </div>
      )}
      <div className={styles.panes}>
        <PickerLeftPane vm={vm} state={state} />
        <section className={styles.right} aria-label={t('ui.group.picker.selectedList')}>
          <Text className={styles.count} role="status">
            {t('ui.group.picker.selected', { count: state.selected.length })}
          </Text>
          <ul className={styles.selected}>
            {state.selected.map((item) => {
              return (
                <li key={item.id}>
                  <Button
                    appearance="subtle"
                    className={styles.chip}
                    aria-label={t('ui.group.picker.unselect', { name: item.name })}
                    onClick={() => vm.toggle(item)}
                  >
                    <FaceAvatar name={item.name} faceURL={item.faceURL} size={28} />
                    <span className={styles.chipName}>{item.name === '' ? item.id : item.name}</span>
                    <DismissRegular aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <ConfirmDialog
        open={confirmTransfer}
        title={t('ui.group.transfer.label')}
        body={t('ui.group.transfer.body', { name: transferTarget?.name ?? '' })}
        confirmLabel={t('ui.group.transfer.label')}
        onClose={() => setConfirmTransfer(false)}
        onConfirm={() => void confirm()}
      />
    </CardDialog>
  );
}
