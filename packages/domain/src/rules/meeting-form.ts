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

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A time as a date-time field shows it, in the local zone: "2026-01-15T09:30". */
export function formatLocalDateTime(timestampMs: number, utcOffsetMinutes: number): string {
  const shifted = new Date(timestampMs + utcOffsetMinutes * MINUTE_MS);
  const date = `${shifted.getUTCFullYear()}-${pad2(shifted.getUTCMonth() + 1)}-${pad2(shifted.getUTCDate())}`;
  return `${date}T${pad2(shifted.getUTCHours())}:${pad2(shifted.getUTCMinutes())}`;
}

/**
 * A date-time field's text ("2026-01-15T09:30", local) as a time; undefined when it is not one. The
 * zone's offset is asked at the time meant, so a start across a daylight-saving change lands right.
 */
export function parseLocalDateTime(
  text: string,
  utcOffsetMinutes: (atMs: number) => number,
): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (match === null) return undefined;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hours > 23 || minutes > 59) {
    return undefined;
  }
  const guess = asUtc - utcOffsetMinutes(asUtc) * MINUTE_MS;
  return asUtc - utcOffsetMinutes(guess) * MINUTE_MS;
}

/** The schedule form's first start: the next half hour at least a quarter of an hour away. */
export function defaultMeetingStart(now: number): number {
  const half = 30 * MINUTE_MS;
  return Math.ceil((now + 15 * MINUTE_MS) / half) * half;
}
