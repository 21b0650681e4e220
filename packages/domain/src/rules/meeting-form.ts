import { MEETING_LIMITS } from '../entities/meeting';
import { validationError, type ValidationError } from '../errors/domain-errors';
import { err, ok, type Result } from '../result';
import { isBlank } from './text';

/** The schedule (or edit) dialog's fields as the user left them. */
export interface MeetingForm {
  readonly title: string;
  /** Milliseconds since the epoch; undefined while the user has not chosen one. */
  readonly startTime: number | undefined;
  readonly durationMinutes: number;
  readonly description: string;
  /** People picked for a meeting that is not a group's; empty for a group meeting. */
  readonly inviteeUserIDs: readonly string[];
  /** Who the meeting is for: the group it is posted in, or the people picked. */
  readonly audience: 'group' | 'people';
}

export interface ValidMeetingForm {
  readonly title: string;
  readonly startTime: number;
  readonly durationMinutes: number;
  readonly description: string;
  readonly inviteeUserIDs: readonly string[];
}

const MINUTE_MS = 60_000;

/**
 * The meeting form's rules (ours: the spec shows no form): a title of at most 100 characters, a start
 * not before the current minute (the picker has minute steps, so "now" stays choosable), 15 to 480
 * minutes, a description of at most 1000 characters, and one to 100 people when they are picked.
 * Every failing field is reported, so the dialog can mark each under its field. An edit that keeps the
 * meeting's start (`keptStart`) is not refused for a start that has passed since it was scheduled.
 */
export function validateMeetingForm(
  form: MeetingForm,
  now: number,
  keptStart?: number,
): Result<ValidMeetingForm, readonly ValidationError[]> {
  const errors: ValidationError[] = [];
  const title = form.title.trim();
  const { titleMaxLength, descriptionMaxLength, minDurationMinutes, maxDurationMinutes, maxInvitees } =
    MEETING_LIMITS;
  if (isBlank(title)) errors.push(validationError('meetingTitle', 'validation.meeting.titleRequired'));
  // Counted in UTF-16 units, as the card's parser counts them, so a valid form always makes a valid card.
  else if (title.length > titleMaxLength) {
    errors.push(validationError('meetingTitle', 'validation.meeting.titleTooLong', { max: titleMaxLength }));
  }
  const start = form.startTime;
  if (start === undefined || !Number.isSafeInteger(start) || start <= 0) {
    errors.push(validationError('meetingStart', 'validation.meeting.startRequired'));
  } else if (start !== keptStart && start < now - (now % MINUTE_MS)) {
    errors.push(validationError('meetingStart', 'validation.meeting.startInPast'));
  }
  const duration = form.durationMinutes;
  if (!Number.isInteger(duration) || duration < minDurationMinutes || duration > maxDurationMinutes) {
    errors.push(
      validationError('meetingDuration', 'validation.meeting.durationRange', {
        min: minDurationMinutes,
        max: maxDurationMinutes,
      }),
    );
  }
  const description = form.description.trim();
  if (description.length > descriptionMaxLength) {
    errors.push(
      validationError('meetingDescription', 'validation.meeting.descriptionTooLong', {
        max: descriptionMaxLength,
      }),
    );
  }
  const invitees = [...new Set(form.inviteeUserIDs.filter((id) => id !== ''))];
  if (form.audience === 'people' && invitees.length === 0) {
    errors.push(validationError('meetingInvitees', 'validation.meeting.inviteesRequired'));
  } else if (invitees.length > maxInvitees) {
    errors.push(
      validationError('meetingInvitees', 'validation.meeting.tooManyInvitees', { max: maxInvitees }),
    );
  }
  if (errors.length > 0 || start === undefined) return err(errors);
  return ok({
    title,
    startTime: start,
    durationMinutes: duration,
    description,
    inviteeUserIDs: form.audience === 'people' ? invitees : [],
  });
}
