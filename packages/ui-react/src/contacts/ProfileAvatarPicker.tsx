import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { CameraRegular } from '@fluentui/react-icons';
import type { PickedFile } from '@teamim/application';
import { useRef } from 'react';
import { FaceAvatar } from '../FaceAvatar';
import { AvatarFileInput } from '../common/AvatarFileInput';
import { pickedFile } from '../common/picked-file';
import { useText } from '../text';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The own avatar in Edit profile: the button opens the file chooser; the view model
 * resizes, uploads and saves the picked image at once.
 */
export function ProfileAvatarPicker(props: {
  readonly name: string;
  readonly faceURL: string;
  readonly busy: boolean;
  readonly error: string | undefined;
  readonly onPick: (file: PickedFile) => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.row}>
      <FaceAvatar name={props.name} faceURL={props.faceURL} size={64} />
      <div className={styles.text}>
        <Button
          icon={props.busy ? <Spinner size="tiny" /> : <CameraRegular />}
          disabled={props.busy}
          onClick={() => input.current?.click()}
        >
          {props.busy ? t('ui.contact.profile.avatarUploading') : t('ui.contact.profile.avatar')}
        </Button>
        <Text className={styles.hint}>{t('ui.contact.profile.avatarHint')}</Text>
        {props.error !== undefined && (
          <Text role="alert" className={styles.error}>
            {props.error}
          </Text>
        )}
      </div>
      <AvatarFileInput
        ref={input}
        testID="profile-avatar-file"
        onFile={(file) => props.onPick(pickedFile(file))}
      />
    </div>
  );
}
