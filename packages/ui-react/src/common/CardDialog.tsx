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

/**
 * Spec §2 widths: user card 332, group card and profile modal 484, other modals 360–420 (the forward
 * dialog at the top of that range for its conversation names), the member picker 680 for its two panes.
 */
const useDialogWidths = makeStyles({
  user: { width: '332px', maxWidth: 'calc(100vw - 32px)' },
  group: { width: '484px', maxWidth: 'calc(100vw - 32px)' },
  profile: { width: '484px', maxWidth: 'calc(100vw - 32px)' },
  modal: { width: '400px', maxWidth: 'calc(100vw - 32px)' },
  forward: { width: '420px', maxWidth: 'calc(100vw - 32px)' },
  picker: { width: '680px', maxWidth: 'calc(100vw - 32px)' },
});

const useStyles = makeStyles({
  // The body's default grid columns (1fr) never shrink below their content, so wide content pushed the
  // buttons out of the 332-wide card; minmax(0, 1fr) lets the content wrap instead.
  body: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
  content: { minWidth: 0, overflowX: 'hidden' },
});

/**
 * The frame of the app's titled modals (spec §2): the contact, wallet and meeting modals, the forward
 * dialog and the member picker. A titled modal with a close button, named by its title.
 */
export function CardDialog(props: {
  readonly title: string;
  readonly width: 'user' | 'group' | 'profile' | 'modal' | 'forward' | 'picker';
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons under the content (DialogActions), if any. */
  readonly footer?: ReactNode;
  /** The layout of the content (a column with gaps, say); the frame keeps it from widening the card. */
  readonly contentClassName?: string;
  /** False for the forward dialog: spec §2 gives it no close icon, its Cancel and Escape close it. */
  readonly closeButton?: boolean;
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
              props.closeButton === false ? null : (
                <Button
                  appearance="subtle"
                  aria-label={t('ui.contact.close')}
                  icon={<DismissRegular />}
                  onClick={props.onClose}
                />
              )
            }
          >
            {props.title}
          </DialogTitle>
          <DialogContent className={mergeClasses(styles.content, props.contentClassName)}>
            {props.children}
          </DialogContent>
          {props.footer}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
