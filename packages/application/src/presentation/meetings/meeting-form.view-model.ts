import {
  defaultMeetingStart,
  err,
  formatLocalDateTime,
  MEETING_LIMITS,
  ok,
  parseLocalDateTime,
  translate,
  validateMeetingForm,
  type MeetingForm,
  type Result,
  type ValidationField,
} from '@teamim/domain';
import type { MeetingAudience, MeetingService } from '../../meetings/meeting.service';
import type { Clock } from '../../ports/clock.port';
import type { SettingsStore } from '../../settings/settings.store';
import { stateFailure, type AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

/** What the dialog does: schedule a new meeting for an audience, or edit one of a conversation. */
export type MeetingFormTarget =
  | { readonly kind: 'schedule'; readonly audience: MeetingAudience }
  | { readonly kind: 'edit'; readonly meetingID: string; readonly conversationID: string };

export type MeetingFormField = 'title' | 'start' | 'duration' | 'description' | 'invitees';

export interface MeetingFormState {
  readonly mode: 'schedule' | 'edit';
  readonly title: string;
  /** The start as the date-time field shows it, local: "2026-01-15T09:30". */
  readonly start: string;
  readonly durationMinutes: number;
  readonly description: string;
  /** How many people were picked (a meeting not posted in a group); 0 for a group's. */
  readonly inviteeCount: number;
  /** Each field's error, in the view's language, once the user tried to save. */
  readonly errors: Partial<Record<MeetingFormField, string>>;
  readonly saving: boolean;
  readonly limits: typeof MEETING_LIMITS;
}

const FIELD_OF: Partial<Record<ValidationField, MeetingFormField>> = {
  meetingTitle: 'title',
  meetingStart: 'start',
  meetingDuration: 'duration',
  meetingDescription: 'description',
  meetingInvitees: 'invitees',
};

/** The schedule and edit dialog: its fields, every field's error after a save, and the save itself. */
export class MeetingFormViewModel extends StateViewModel<MeetingFormState> {
  private keptStart: number | undefined;

  constructor(
    private readonly target: MeetingFormTarget,
    private readonly meetings: MeetingService,
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
  ) {
    const now = clock.now();
    const existing = target.kind === 'edit' ? meetings.meeting(target.meetingID) : undefined;
    const start = existing?.startTime ?? defaultMeetingStart(now);
    super({
      mode: target.kind,
      title: existing?.title ?? '',
      start: formatLocalDateTime(start, clock.utcOffsetMinutes(start)),
      durationMinutes: existing?.durationMinutes ?? 30,
      description: existing?.description ?? '',
      inviteeCount:
        target.kind === 'schedule' && target.audience.kind === 'people'
          ? new Set(target.audience.userIDs).size
          : (existing?.inviteeUserIDs.length ?? 0),
      errors: {},
      saving: false,
      limits: MEETING_LIMITS,
    });
    this.keptStart = existing?.startTime;
  }

  setTitle(title: string): void {
    this.patch({ title });
  }
  setStart(start: string): void {
    this.patch({ start });
  }
  setDuration(durationMinutes: number): void {
    this.patch({ durationMinutes });
  }
  setDescription(description: string): void {
    this.patch({ description });
  }

  private form(): MeetingForm {
    const { title, start, durationMinutes, description } = this.state;
    const people =
      this.target.kind === 'schedule' && this.target.audience.kind === 'people'
        ? this.target.audience.userIDs
        : this.target.kind === 'edit'
          ? (this.meetings.meeting(this.target.meetingID)?.inviteeUserIDs ?? [])
          : [];
    return {
      title,
      startTime: parseLocalDateTime(start, (at) => this.clock.utcOffsetMinutes(at)),
      durationMinutes,
      description,
      inviteeUserIDs: people,
      audience: people.length > 0 || this.isForPeople() ? 'people' : 'group',
    };
  }

  private isForPeople(): boolean {
    return this.target.kind === 'schedule' && this.target.audience.kind === 'people';
  }

  /** Checks every field (showing each error under its field), then schedules or saves the edit. */
  async save(): Promise<Result<void, AppError>> {
    if (this.state.saving) return err(stateFailure('already saving'));
    const form = this.form();
    const valid = validateMeetingForm(form, this.clock.now(), this.keptStart);
    if (!valid.ok) {
      const { locale } = this.settings.snapshot;
      const errors: Partial<Record<MeetingFormField, string>> = {};
      for (const error of valid.error) {
        const field = FIELD_OF[error.field];
        if (field !== undefined) errors[field] ??= translate(locale, error.i18nKey, error.params);
      }
      this.patch({ errors });
      return err(valid.error[0]!);
    }
    this.patch({ errors: {}, saving: true });
    const saved =
      this.target.kind === 'schedule'
        ? await this.meetings.schedule(form, this.target.audience)
        : await this.meetings.edit(this.target.meetingID, this.target.conversationID, form);
    this.patch({ saving: false });
    return saved.ok ? ok(undefined) : saved;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const meetingFormViewModel = viewModelFactory(
  (s, target: MeetingFormTarget) => new MeetingFormViewModel(target, s.meetings, s.settings, s.clock),
);
