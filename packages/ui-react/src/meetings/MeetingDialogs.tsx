import { meetingFormViewModel } from '@teamim/application';
import {
  Button,
  DialogActions,
  Field,
  Input,
  makeStyles,
  SpinButton,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { MeetingFormField, MeetingFormTarget } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useId } from 'react';
import { CardDialog } from '../common/CardDialog';
import { useViewModel } from '../session';
import { useMeetingText } from './meeting-text';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

/**
 * The schedule and edit dialog: title, start, duration, description (and the number of people picked);
 * a save shows each field's error under it, as the spec's forms do, and closes once saved.
 */
export function MeetingFormDialog(props: {
  readonly target: MeetingFormTarget;
  readonly onClose: () => void;
}) {
  const { target, onClose } = props;
  const { t, mt } = useMeetingText();
  const styles = useStyles();
  const formID = useId();
  const vm = useViewModel(
    (vms) => vms.build(meetingFormViewModel, target),
    target.kind === 'edit' ? target.meetingID : 'schedule',
  );
  const state = useObservableEagerState(vm.state$);
  const error = (field: MeetingFormField) => {
    const text = state.errors[field];
    return text === undefined ? {} : { validationState: 'error' as const, validationMessage: text };
  };
  const title = state.mode === 'edit' ? mt('ui.meeting.editTitle') : mt('ui.meeting.scheduleMeeting');
  return (
    <CardDialog
      title={title}
      width="modal"
      onClose={onClose}
      footer={
        <DialogActions>
          <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
          <Button appearance="primary" type="submit" form={formID} disabled={state.saving}>
            {state.mode === 'edit' ? mt('ui.meeting.save') : mt('ui.meeting.schedule')}
          </Button>
        </DialogActions>
      }
    >
      <form
        id={formID}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void vm.save().then((saved) => saved.ok && onClose());
        }}
      >
        <Field label={mt('ui.meeting.field.title')} required {...error('title')}>
          <Input
            autoFocus
            maxLength={state.limits.titleMaxLength}
            value={state.title}
            onChange={(_e, data) => vm.setTitle(data.value)}
          />
        </Field>
        <Field label={mt('ui.meeting.field.start')} required {...error('start')}>
          <Input type="datetime-local" value={state.start} onChange={(_e, data) => vm.setStart(data.value)} />
        </Field>
        <Field label={mt('ui.meeting.field.duration')} required {...error('duration')}>
          <SpinButton
            min={state.limits.minDurationMinutes}
            max={state.limits.maxDurationMinutes}
            step={15}
            value={state.durationMinutes}
            onChange={(_e, data) => {
              const typed = data.value ?? Number(data.displayValue);
              vm.setDuration(Number.isFinite(typed) ? typed : Number.NaN);
            }}
          />
        </Field>
        <Field label={mt('ui.meeting.field.description')} {...error('description')}>
          <Textarea
            rows={3}
            resize="none"
            value={state.description}
            onChange={(_e, data) => vm.setDescription(data.value)}
          />
        </Field>
        {state.inviteeCount > 0 && (
          <Field label={mt('ui.meeting.field.invitees')} {...error('invitees')}>
            <Text>{mt('ui.meeting.inviteeCount', { count: state.inviteeCount })}</Text>
          </Field>
        )}
      </form>
    </CardDialog>
  );
}

/** Asks before the host cancels a meeting: everyone invited sees the cancel. */
export function MeetingCancelDialog(props: {
  readonly title: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) {
  const { mt } = useMeetingText();
  const styles = useStyles();
  return (
    <CardDialog
      title={mt('ui.meeting.cancelTitle')}
      width="modal"
      onClose={props.onClose}
      footer={
        <DialogActions>
          <Button onClick={props.onClose}>{mt('ui.meeting.keep')}</Button>
          <Button
            appearance="primary"
            onClick={() => {
              props.onConfirm();
              props.onClose();
            }}
          >
            {mt('ui.meeting.cancelConfirm')}
          </Button>
        </DialogActions>
      }
    >
      <Text className={styles.body}>{mt('ui.meeting.cancelBody', { title: props.title })}</Text>
    </CardDialog>
  );
}
