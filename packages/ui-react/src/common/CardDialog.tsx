import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useText } from '../text';

/** Spec §2 widths: user card 332, group card and profile modal 484, other modals 360–420. */
const useDialogWidths = makeStyles({
  user: { width: '332px', maxWidth: 'calc(100vw - 32px)' },
  group: { width: '484px', maxWidth: 'calc(100vw - 32px)' },
  profile: { width: '484px', maxWidth: 'calc(100vw - 32px)' },
  modal: { width: '400px', maxWidth: 'calc(100vw - 32px)' },
});

const useStyles = makeStyles({
  // The body's default grid columns (1fr) never shrink below their content, so wide content pushed the
  // buttons out of the 332-wide card; minmax(0, 1fr) lets the content wrap instead.
  body: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
  content: { minWidth: 0, overflowX: 'hidden' },
});

/** The frame the contact and wallet modals share (spec §2): a titled modal with a close button. */
export function CardDialog(props: {
  readonly title: string;
  readonly width: 'user' | 'group' | 'profile' | 'modal';
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons under the content (DialogActions), if any. */
  readonly footer?: ReactNode;
}) {
  const { t } = useText();
  const widths = useDialogWidths();
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && props.onClose()}>
      <DialogSurface className={widths[props.width]} aria-label={props.title}>
        <DialogBody className={styles.body}>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label={t('ui.contact.close')}
                icon={<DismissRegular />}
                onClick={props.onClose}
              />
            }
          >
            {props.title}
          </DialogTitle>
          <DialogContent className={mergeClasses(styles.content)}>{props.children}</DialogContent>
          {props.footer}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
