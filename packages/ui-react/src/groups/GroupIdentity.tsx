import { Button, Input, makeStyles, Text, tokens, useId } from '@fluentui/react-components';
import { CameraRegular, EditRegular } from '@fluentui/react-icons';
import type { GroupSettingsState, GroupSettingsViewModel } from '@teamim/application';
import { useRef, useState } from 'react';
import { useText } from '../text';
import { AvatarFileInput } from '../common/AvatarFileInput';
import { pickedFile } from '../common/picked-file';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  // The group's rounded square, as every member sees it: a circular button clipped it round for the owner.
  avatarButton: {
    position: 'relative',
    padding: 0,
    minWidth: 'auto',
    overflow: 'visible',
    borderRadius: tokens.borderRadiusLarge,
  },
  camera: {
    position: 'absolute',
    right: '-2px',
    bottom: '-2px',
    display: 'flex',
    padding: '3px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 },
  nameRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  secondary: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The drawer's head (spec §2): group avatar and name, editable by owner and admin. The avatar is any
 * jpeg/png/webp, resized in the browser to 400x400 webp by the FileProcessor; the name editor takes
 * up to 16 characters, commits on Enter and cancels on Escape or when it loses focus.
 */
export function GroupIdentity({
  vm,
  state,
}: {
  readonly vm: GroupSettingsViewModel;
  readonly state: GroupSettingsState;
}) {
  const { t, display } = useText();
  const styles = useStyles();
  const fileInput = useRef<HTMLInputElement>(null);
  const editID = useId('group-name-edit');
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const avatar = <FaceAvatar name={state.name} faceURL={state.faceURL} size={56} group />;
  const stopEditing = () => {
    setDraft(undefined);
    vm.cancelRename();
    // The editor unmounts; focus goes back to the button that opened it.
    queueMicrotask(() => document.getElementById(editID)?.focus());
  };
  const commit = async (name: string) => {
    const renamed = await vm.rename(name);
    if (renamed.ok) stopEditing();
  };

  return (
    <div className={styles.identity}>
      {state.can.editInfo ? (
        <>
          <Button
            appearance="transparent"
            className={styles.avatarButton}
            aria-label={t('ui.group.avatar.change')}
            title={t('ui.group.avatar.change')}
            disabled={state.busy}
            onClick={() => fileInput.current?.click()}
          >
            {avatar}
            <span className={styles.camera} aria-hidden>
              <CameraRegular fontSize={14} />
            </span>
          </Button>
          <AvatarFileInput ref={fileInput} onFile={(file) => void vm.changeAvatar(pickedFile(file))} />
        </>
      ) : (
        avatar
      )}
      <div className={styles.text}>
        {draft === undefined ? (
          <div className={styles.nameRow}>
            <Text as="h3" size={500} weight="semibold" className={styles.name}>
              {state.name}
            </Text>
            {state.can.editInfo && (
              <Button
                id={editID}
                size="small"
                appearance="subtle"
                icon={<EditRegular />}
                aria-label={t('ui.group.name.edit')}
                title={t('ui.group.name.edit')}
                onClick={() => setDraft(state.name)}
              />
            )}
          </div>
        ) : (
          <Input
            autoFocus
            aria-label={t('ui.group.name.label')}
            aria-description={t('ui.group.name.hint')}
            value={draft}
            maxLength={state.nameMax}
            onChange={(_e, data) => setDraft(data.value)}
            onBlur={stopEditing}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void commit(draft);
              } else if (event.key === 'Escape') {
                // The drawer closes on Escape too; the editor takes it first.
                event.preventDefault();
                event.stopPropagation();
                stopEditing();
              }
            }}
          />
        )}
        {draft !== undefined && state.nameError !== undefined && (
          <Text size={200} role="alert" className={styles.error}>
            {display(state.nameError)}
          </Text>
        )}
        <Text size={200} className={styles.secondary}>
          {t('ui.group.memberCount', { count: state.memberCount })}
        </Text>
      </div>
    </div>
  );
}
