import { CallMediaType } from '../entities/call';
import type { CallInvitation } from '../entities/call';
import { CALL_SIGNAL_TYPES, CustomType } from '../entities/custom-message';
import type {
  CallRecordData,
  CallRecordResult,
  CallSignal,
  CallSignalType,
  CustomPayload,
  RedPacketMessageData,
} from '../entities/custom-message';
import type { CustomElem, Message } from '../entities/message';
import type { I18nKey } from '../i18n/locales/en-US';
import type { MessageParams } from '../i18n/messages';
import { jsonProperties } from './json';
import { parseMeetingCard, parseMeetingUpdate } from './meeting';
import { formatCallTimer } from './time-format';

/**
 * `customElem.data` is JSON written by any client, so it is parsed defensively: anything that does
 * not have exactly the expected shape is reported as unknown, never thrown.
 */

function parseInvitation(value: unknown): CallInvitation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const { roomID, inviterUserID, inviteeUserIDList, mediaType, timeout } = raw;
  if (typeof roomID !== 'string' || roomID === '') return undefined;
  if (typeof inviterUserID !== 'string' || inviterUserID === '') return undefined;
  if (!Array.isArray(inviteeUserIDList) || inviteeUserIDList.length === 0) return undefined;
  if (!inviteeUserIDList.every((id): id is string => typeof id === 'string' && id !== '')) return undefined;
  if (mediaType !== CallMediaType.Audio && mediaType !== CallMediaType.Video) return undefined;
  const base = { roomID, inviterUserID, inviteeUserIDList: [...inviteeUserIDList], mediaType };
  // Number.isFinite is false for anything but a finite number.
  if (Number.isFinite(timeout) && (timeout as number) > 0) return { ...base, timeout: timeout as number };
  return base;
}

/** What a custom message's `data` means to this product. */
export function parseCustomData(data: string): CustomPayload {
  const raw = jsonProperties(data);
  const customType = raw['customType'];
  if (typeof customType !== 'number') return { kind: 'unknown', customType: undefined };
  if (customType === CustomType.RedPacket) {
    const { id, message } = raw;
    if (typeof id === 'string' && id !== '' && (message === undefined || typeof message === 'string')) {
      return { kind: 'redPacket', data: { customType, id, message: message ?? '' } };
    }
    return { kind: 'unknown', customType };
  }
  if (customType === CustomType.CallRecord) {
    const { mediaType, result, durationSeconds, roomID } = raw;
    const known =
      (mediaType === CallMediaType.Audio || mediaType === CallMediaType.Video) &&
      // includes and Number.isInteger hold for the listed strings and for whole numbers only.
      (CALL_RECORD_RESULTS as readonly unknown[]).includes(result) &&
      Number.isInteger(durationSeconds) &&
      (durationSeconds as number) >= 0;
    if (!known) return { kind: 'unknown', customType };
    return {
      kind: 'callRecord',
      record: {
        customType,
        mediaType,
        result: result as CallRecordResult,
        durationSeconds: durationSeconds as number,
        // An id out of shape is left out: the record still says how the call went.
        ...(typeof roomID === 'string' && roomID !== '' && roomID.length <= 128 ? { roomID } : {}),
      },
    };
  }
  if (customType === CustomType.MeetingCard) {
    const card = parseMeetingCard(raw);
    return card === undefined ? { kind: 'unknown', customType } : { kind: 'meetingCard', card };
  }
  if (customType === CustomType.MeetingUpdate) {
    const update = parseMeetingUpdate(raw);
    return update === undefined ? { kind: 'unknown', customType } : { kind: 'meetingUpdate', update };
  }
  if ((CALL_SIGNAL_TYPES as readonly number[]).includes(customType)) {
    const invitation = parseInvitation(raw['invitation']);
    if (invitation !== undefined) {
      return { kind: 'callSignal', signal: { customType: customType as CallSignalType, invitation } };
    }
  }
  return { kind: 'unknown', customType };
}

const CALL_RECORD_RESULTS: readonly CallRecordResult[] = ['answered', 'cancelled', 'rejected', 'unanswered'];

export function buildCallRecordData(
  mediaType: CallMediaType,
  result: CallRecordResult,
  durationSeconds: number,
  roomID?: string,
): string {
  const data: CallRecordData = {
    customType: CustomType.CallRecord,
    mediaType,
    result,
    durationSeconds,
    ...(roomID === undefined ? {} : { roomID }),
  };
  return JSON.stringify(data);
}

/** The text of a call record in the chat: "Call duration 01:05", "Call cancelled", ... */
export function callRecordText(record: Pick<CallRecordData, 'result' | 'durationSeconds'>): {
  readonly key: I18nKey;
  readonly params?: MessageParams;
} {
  if (record.result === 'answered') {
    return { key: 'call.record.answered', params: { duration: formatCallTimer(record.durationSeconds) } };
  }
  return { key: `call.record.${record.result}` };
}

/** The payload of a message, read where it was mapped, when it is a custom message; undefined otherwise. */
export function customPayloadOf(message: Pick<Message, 'customElem'>): CustomPayload | undefined {
  return message.customElem?.payload;
}

/**
 * A message read back from JSON that the adapter's mapping did not produce (the conversation's latest
 * message as the SDK stores it, a pin stored before payloads were kept): its custom payload read, as
 * the mapping does. A message that has its payload is returned as it is.
 */
export function withCustomPayload(message: Message): Message {
  const custom = message.customElem as Partial<CustomElem> | undefined;
  if (custom === undefined || custom.payload !== undefined) return message;
  const data = typeof custom.data === 'string' ? custom.data : '';
  return {
    ...message,
    customElem: {
      data,
      description: typeof custom.description === 'string' ? custom.description : '',
      extension: typeof custom.extension === 'string' ? custom.extension : '',
      payload: parseCustomData(data),
    },
  };
}

export function buildRedPacketData(id: string, message: string): string {
  const data: RedPacketMessageData = { customType: CustomType.RedPacket, id, message };
  return JSON.stringify(data);
}

export function buildCallSignalData(customType: CallSignalType, invitation: CallInvitation): string {
  const signal: CallSignal = { customType, invitation };
  return JSON.stringify(signal);
}

export function isCallSignalMessage(message: Message): boolean {
  return customPayloadOf(message)?.kind === 'callSignal';
}
