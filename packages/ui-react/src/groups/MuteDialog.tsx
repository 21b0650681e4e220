import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import type { MuteDurationOption } from '@teamim/domain';
import { useState } from 'react';
import { useText } from '../text';

/**
 * Spec §2 mute-duration modal: the fixed choices of §4 (5 minutes … 7 days, permanent). Muting without
 * a choice is the application's 'select mute duration' warning, so the button stays enabled.
 */
export function MuteDialog(props: {
  readonly name: string;
  readonly options: readonly MuteDurationOption[];
  readonly onMute: (seconds: number | undefined) => void;
  readonly onClose: () => void;
}) {
  const { t } = useText();
  const [seconds, setSeconds] = useState<number | undefined>(undefined);
  const title = t('ui.group.mute.title', { name: props.name });
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && props.onClose()}>
      <DialogSurface aria-label={title}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <RadioGroup
              aria-label={t('ui.group.mute.duration')}
              value={seconds === undefined ? '' : String(seconds)}
              onChange={(_e, data) => setSeconds(Number(data.value))}
            >
              {props.options.map((option) => (
                <Radio
                  key={option.seconds}
                  value={String(option.seconds)}
                  label={t(option.label.i18nKey, option.label.params)}
                />
              ))}
            </RadioGroup>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('ui.action.cancel')}</Button>
            <Button appearance="primary" onClick={() => props.onMute(seconds)}>
              {t('ui.group.mute.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
