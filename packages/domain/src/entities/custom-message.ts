import type { CallInvitation, CallMediaType } from './call';
import type { MeetingCardData, MeetingUpdateData } from './meeting';

/**
 * `customType` values inside `customElem.data`. Calls use 200-204 (spec §3). The spec does not
 * give the red packet's value; 300 is ours, and so is 205 for call records (docs/spec-deviations.md).
 */
export const CustomType = {
  CallingInvite: 200,
  CallingAccept: 201,
  CallingReject: 202,
  CallingCancel: 203,
  CallingHungup: 204,
  RedPacket: 300,
  /** Our own: the record a finished call leaves in the chat (the spec names no format for it). */
  CallRecord: 205,
  /** Our own: a meeting's card and its later changes (docs/spec-deviations.md). */
  MeetingCard: 206,
  MeetingUpdate: 207,
} as const;
export type CustomType = (typeof CustomType)[keyof typeof CustomType];

export type CallSignalType =
  | typeof CustomType.CallingInvite
  | typeof CustomType.CallingAccept
  | typeof CustomType.CallingReject
  | typeof CustomType.CallingCancel
  | typeof CustomType.CallingHungup;

export const CALL_SIGNAL_TYPES: readonly CallSignalType[] = [
  CustomType.CallingInvite,
  CustomType.CallingAccept,
  CustomType.CallingReject,
  CustomType.CallingCancel,
  CustomType.CallingHungup,
];

/** `customElem.data` of a red packet message: `{customType, id, message}`. */
export interface RedPacketMessageData {
  readonly customType: typeof CustomType.RedPacket;
  /** The red packet id returned by `/app/redbag/log/send`. */
  readonly id: string;
  readonly message: string;
}

/** `customElem.data` of a call signal: `{customType, invitation}`. */
export interface CallSignal {
  readonly customType: CallSignalType;
  readonly invitation: CallInvitation;
}

/** How a call ended, as its record in the chat says. */
export type CallRecordResult = 'answered' | 'cancelled' | 'rejected' | 'unanswered';

/** `customElem.data` of a call record: `{customType: 205, mediaType, result, durationSeconds, roomID?}`. */
export interface CallRecordData {
  readonly customType: typeof CustomType.CallRecord;
  readonly mediaType: CallMediaType;
  readonly result: CallRecordResult;
  /** Seconds connected; 0 unless answered. */
  readonly durationSeconds: number;
  /**
   * The call's room: lets a device that stopped ringing because another device of the callee answered
   * find the record of that call. Absent in records written before it was added.
   */
  readonly roomID?: string;
}

/** What a custom message means to this product, after parsing its `data`. */
export type CustomPayload =
  | { readonly kind: 'redPacket'; readonly data: RedPacketMessageData }
  | { readonly kind: 'callRecord'; readonly record: CallRecordData }
  | { readonly kind: 'callSignal'; readonly signal: CallSignal }
  | { readonly kind: 'meetingCard'; readonly card: MeetingCardData }
  | { readonly kind: 'meetingUpdate'; readonly update: MeetingUpdateData }
  | { readonly kind: 'unknown'; readonly customType: number | undefined };
