import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useText } from '../text';

/**
 * The app's question before an action: a title naming the action, a sentence saying what it acts on,
 * Cancel and the confirming button. Confirming closes it first, then acts. Named by its title.
 */
export function ConfirmDialog(props: {
  readonly open: boolean;
  readonly title: string;
  readonly body: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useText();
  return (
    <Dialog open={props.open} onOpenChange={(_e, data) => !data.open && props.onClose()}>
      <DialogSurface aria-label={props.title}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.body}</DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('ui.action.cancel')}</Button>
            <Button
              appearance="primary"
              onClick={() => {
                props.onClose();
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
