import { CALL } from '../constants';
import { CallRole } from '../entities/call';
import type { CallInvitation } from '../entities/call';
import type { I18nKey } from '../i18n/messages';

/** §6 Call roles: inviter versus receiver by comparing the own user id with inviterUserID. */
export function callRoleOf(selfUserID: string, invitation: Pick<CallInvitation, 'inviterUserID'>): CallRole {
  return invitation.inviterUserID === selfUserID ? CallRole.Inviter : CallRole.Receiver;
}

/** The callee is the first invitee. */
export function calleeOf(invitation: Pick<CallInvitation, 'inviteeUserIDList'>): string | undefined {
  return invitation.inviteeUserIDList[0];
}

/** The peer of a one-to-one call from the own point of view. */
export function callPeerOf(selfUserID: string, invitation: CallInvitation): string | undefined {
  return callRoleOf(selfUserID, invitation) === CallRole.Inviter
    ? calleeOf(invitation)
    : invitation.inviterUserID;
}

/** The inviter's timeout in ms: the invitation's seconds, or 30 s by default. */
export function callTimeoutMs(invitation: Pick<CallInvitation, 'timeout'>): number {
  const seconds = invitation.timeout ?? CALL.defaultTimeoutSeconds;
  return seconds * 1000;
}

/** Whether a configured ring timeout is usable: whole seconds within `CALL.timeoutRangeSeconds`. */
export function isCallTimeoutSeconds(value: unknown): value is number {
  const { min, max } = CALL.timeoutRangeSeconds;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Only the receiver sees the answer button, and only while waiting. */
export function canAnswerCall(role: CallRole, waiting: boolean): boolean {
  return role === CallRole.Receiver && waiting;
}

/** The cancel button reads Cancel for the inviter and Reject for the receiver. */
export function callCancelLabelKey(role: CallRole): I18nKey {
  return role === CallRole.Inviter ? 'call.cancel' : 'call.reject';
}

/** Whether a signal concerns this call (same room). */
export function isSameCall(a: Pick<CallInvitation, 'roomID'>, b: Pick<CallInvitation, 'roomID'>): boolean {
  return a.roomID === b.roomID;
}
