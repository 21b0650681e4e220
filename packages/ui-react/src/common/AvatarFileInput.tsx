import { makeStyles } from '@fluentui/react-components';
import type { Ref } from 'react';
import { AVATAR_ACCEPT } from './picked-file';

const useStyles = makeStyles({
  hidden: { display: 'none' },
});

/**
 * The hidden chooser behind an avatar button (the button clicks it through `ref`): avatar image types
 * only; each chosen file is handed on once and the chooser emptied, so choosing the same file again
 * still counts.
 */
export function AvatarFileInput(props: {
  readonly ref: Ref<HTMLInputElement>;
  readonly onFile: (file: File) => void;
  readonly testID?: string;
}) {
  const styles = useStyles();
  return (
    <input
      ref={props.ref}
      type="file"
      accept={AVATAR_ACCEPT}
      className={styles.hidden}
      tabIndex={-1}
      aria-hidden
      data-testid={props.testID}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (file !== undefined) props.onFile(file);
      }}
    />
  );
}
