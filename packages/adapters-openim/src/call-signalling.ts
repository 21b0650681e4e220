import { mergeMap, share, type Observable } from 'rxjs';
import { CallSignalling, type ReceivedCallSignal } from '@teamim/application';
import {
  buildCallSignalData,
  CALL_SIGNAL_TYPES,
  ContentType,
  CustomType,
  parseCustomData,
  SessionType,
  type CallInvitation,
  type CallSignalType,
  type Message,
} from '@teamim/domain';
import type { OpenImContext } from './context';
import { argumentError, invoke } from './errors';
import type { OpenImSdk } from './sdk';

/** What the custom message says in conversation previews of clients that do not know call signals. */
const DESCRIPTION = 'call';

/**
 * One-to-one call signalling over the SDK: each signal is an online-only custom message (never stored,
 * so an invitation cannot ring hours later) whose data is `{customType: 200-204, invitation}`.
 */
export class OpenImCallSignalling extends CallSignalling {
  readonly signals$: Observable<ReceivedCallSignal>;
  /** Signals sent from this device; should the server echo one here, it is no news. */
  private readonly sentHere = new Set<string>();

  /**
   * `live$` is the messages adapter's stream of live messages, mapped (and their payloads read) once
   * there: live only, as the offline catch-up batch after a reconnect would replay stale invitations.
   */
  constructor(
    private readonly sdk: OpenImSdk,
    private readonly context: OpenImContext,
    live$: Observable<readonly Message[]>,
  ) {
    super();
    const signalsOf = (messages: readonly Message[]): ReceivedCallSignal[] =>
      messages.flatMap((message) => {
        const self = this.context.userID;
        // Signals addressed to this user, and the copies of its own signals the server hands its other
        // devices (an answer given on the phone stops the ringing here); nothing sent to a group.
        if (message.contentType !== ContentType.Custom || message.sessionType !== SessionType.Single)
          return [];
        if (self === '') return [];
        const toMe = message.recvID === self && message.sendID !== self;
        const fromOwnDevice = message.sendID === self && !this.sentHere.has(message.clientMsgID);
        if (!toMe && !fromOwnDevice) return [];
        const payload = message.customElem?.payload;
        if (payload?.kind !== 'callSignal') return [];
        const signal = {
          type: payload.signal.customType,
          invitation: payload.signal.invitation,
          fromUserID: message.sendID,
        };
        return [toMe ? signal : { ...signal, fromOwnDevice: true as const }];
      });
    this.signals$ = live$.pipe(mergeMap(signalsOf), share());
  }

  async send(toUserID: string, type: CallSignalType, invitation: CallInvitation): Promise<void> {
    if (toUserID === '') throw argumentError('toUserID is required');
    if (!CALL_SIGNAL_TYPES.includes(type)) throw argumentError(`${String(type)} is not a call signal type`);
    const data = buildCallSignalData(type, invitation);
    // The receiver parses defensively and drops what it cannot read; refuse it here instead, loudly.
    if (parseCustomData(data).kind !== 'callSignal') throw argumentError('the invitation is incomplete');
    await this.sendOnlineOnly(toUserID, data);
    const self = this.context.userID;
    // The SDK hands the user's other devices no copy of an online-only message sent to someone else, but
    // it does hand them one addressed to the user: an answer or a refusal goes there too, so the other
    // devices stop ringing. Should that copy fail, they ring on until the caller's own end reaches them.
    const answer = type === CustomType.CallingAccept || type === CustomType.CallingReject;
    if (answer && self !== '' && toUserID !== self) {
      await this.sendOnlineOnly(self, data).catch(() => undefined);
    }
  }

  private async sendOnlineOnly(recvID: string, data: string): Promise<void> {
    const message = await invoke('createCustomMessage', () =>
      this.sdk.createCustomMessage({ data, extension: '', description: DESCRIPTION }),
    );
    this.sentHere.add(message.clientMsgID);
    await invoke('sendMessage', () =>
      this.sdk.sendMessage({ recvID, groupID: '', message, isOnlineOnly: true }),
    );
  }
}
