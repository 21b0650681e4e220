import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useText } from '../text';

/** The frame the user and group cards share (spec §2): a titled modal with a close button. */
export function CardDialog(props: {
  readonly title: string;
  readonly width: number;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  const { t } = useText();
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && props.onClose()}>
      <DialogSurface style={{ width: props.width, maxWidth: '100%' }} aria-label={props.title}>
        <DialogBody>
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
          <DialogContent>{props.children}</DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
