import { MeetingState, type Meeting, type MeetingUpdateData } from '../entities/meeting';
import type { I18nKey } from '../i18n/locales/en-US';
import type { MessageParams } from '../i18n/messages';
import { formatCallTimer } from './time-format';

/** A text the UI translates: a key of the catalogue and its parameters. */
export interface MeetingText {
  readonly key: I18nKey;
  readonly params?: MessageParams;
}

/** The card's state label: "Not started", ..., "Finished · 12:05 · 3 took part", or "Finished" when presumed. */
export function meetingStateText(meeting: Meeting, state: MeetingState): MeetingText {
  // A meeting only presumed finished has no reported end: nothing to say of how long or who.
  if (state === MeetingState.Finished && meeting.endedAt !== undefined) {
    return {
      key: 'meeting.finishedSummary',
      params: {
        duration: formatCallTimer(meeting.durationSeconds ?? 0),
        count: meeting.participantUserIDs.length,
      },
    };
  }
  return { key: `meeting.state.${state}` };
}

/** The compact line an update shows in the chat and the conversation list. */
export function meetingUpdateText(update: MeetingUpdateData): MeetingText {
  if (update.action === 'ended' && (update.participantUserIDs ?? []).length === 0) {
    return { key: 'meeting.update.cancelled' };
  }
  if (update.action === 'ended') {
    return {
      key: 'meeting.update.ended',
      params: {
        duration: formatCallTimer(update.durationSeconds ?? 0),
        count: update.participantUserIDs?.length ?? 0,
      },
    };
  }
  return { key: `meeting.update.${update.action}` };
}
