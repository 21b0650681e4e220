import { filter, mergeMap, type Observable } from 'rxjs';
import { CallSignalling, type ReceivedCallSignal } from '../ports/call-signalling.port';
import {
  buildCallSignalData,
  ContentType,
  parseCustomData,
  SessionType,
  type CallInvitation,
  type CallSignalType,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { GatewayDevice } from './fake-im-gateway';
import { ImErrorCode } from './fake-im-errors';
import type { FakeMessagesGateway } from './fake-messages-gateway';

export class FakeCallSignalling extends CallSignalling {
  readonly signals$: Observable<ReceivedCallSignal>;
  /** Signals sent from this device: the backend echoes them here too, and they are no news. */
  private readonly sentHere = new Set<string>();

  constructor(private readonly device: GatewayDevice & { readonly messages: FakeMessagesGateway }) {
    super();
    // Like the real adapter: signals are the custom messages 200-204 sent one-to-one to this user, plus
    // the copies of this user's own signals sent from its other devices.
    this.signals$ = device.sink.messages.pipe(
      mergeMap((event) => (event.type === 'received' ? event.messages : [])),
      filter((m) => m.contentType === ContentType.Custom && m.sessionType === SessionType.Single),
      mergeMap((m): ReceivedCallSignal[] => {
        const toMe = m.recvID === device.userID && m.sendID !== device.userID;
        const fromOwnDevice = m.sendID === device.userID && !this.sentHere.has(m.clientMsgID);
        if (!toMe && !fromOwnDevice) return [];
        const payload = m.customElem?.payload;
        if (payload?.kind !== 'callSignal') return [];
        const signal = {
          type: payload.signal.customType,
          invitation: payload.signal.invitation,
          fromUserID: m.sendID,
        };
        return [toMe ? signal : { ...signal, fromOwnDevice: true }];
      }),
    );
  }

  async send(toUserID: string, type: CallSignalType, invitation: CallInvitation): Promise<void> {
    if (toUserID === '') throw new RemoteError(ImErrorCode.ArgsError, 'toUserID is required');
    const data = buildCallSignalData(type, invitation);
    if (parseCustomData(data).kind !== 'callSignal') {
      throw new RemoteError(ImErrorCode.ArgsError, 'not a complete call signal');
    }
    const message = await this.device.messages.create({ kind: 'custom', data, description: 'call' });
    this.sentHere.add(message.clientMsgID);
    await this.device.messages.send(message, { recvID: toUserID, groupID: '' }, { onlineOnly: true });
  }
}
