import { Subject, type Observable, type Subscription } from 'rxjs';
import {
  buildCallRecordData,
  CallRole,
  SessionType,
  type CallRecordResult,
  type Message,
} from '@teamim/domain';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { Logger } from '../ports/logger.port';
import type { ChatStore } from '../messages/chat.store';
import { attempt } from '../shared/remote-error';
import type { CallService } from './call.service';
import type { CallEnded } from './call-state';

/** What the chat says about a call that ended this way; nothing for a call that never got going. */
export function callRecordResultOf(ended: CallEnded): CallRecordResult | undefined {
  if (ended.answered) return 'answered';
  switch (ended.reason) {
    case 'cancelled':
      return 'cancelled';
    case 'rejected':
      return 'rejected';
    case 'timeout':
      return 'unanswered';
    default:
      return undefined;
  }
}

/**
 * Leaves a record of each finished call in the single chat with the other party, for both sides: the
 * inviter, who saw the call from start to end, sends it as a stored custom message (customType 205),
 * so the receiver gets the same record and neither side writes it twice.
 */
export class CallRecorder {
  private readonly subscription: Subscription;
  private readonly recorded = new Subject<Message>();
  /** Each record this device sent (the SDK tells a device nothing of its own sends). No replay. */
  readonly recorded$: Observable<Message> = this.recorded.asObservable();

  constructor(
    calls: CallService,
    private readonly conversations: ConversationsGateway,
    private readonly chat: ChatStore,
    private readonly logger: Logger,
  ) {
    this.subscription = calls.ended$.subscribe((ended) => void this.record(ended));
  }

  private async record(ended: CallEnded): Promise<void> {
    const result = callRecordResultOf(ended);
    if (ended.role !== CallRole.Inviter || result === undefined) return;
    const conversation = await attempt(() =>
      this.conversations.getOneConversation(ended.peerUserID, SessionType.Single),
    );
    if (!conversation.ok) {
      this.logger.warn('call record: no conversation', { code: conversation.error.code });
      return;
    }
    const data = buildCallRecordData(ended.mediaType, result, ended.durationSeconds, ended.roomID);
    const sent = await this.chat.send({ kind: 'custom', data, description: 'call' }, conversation.value);
    if (!sent.ok) this.logger.warn('call record not sent', { roomID: ended.roomID });
    else this.recorded.next(sent.value);
  }

  dispose(): void {
    this.subscription.unsubscribe();
    this.recorded.complete();
  }
}
