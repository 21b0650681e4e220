import type { Observable } from 'rxjs';
import { ConversationsGateway, type ConversationEvent } from '../ports/conversations.port';
import {
  GroupAtType,
  groupConversationID,
  SessionType,
  singleConversationID,
  type Conversation,
  type RecvMsgOpt,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeBackend } from './fake-backend';
import { later, type GatewayDevice } from './fake-im-gateway';
import { ImErrorCode } from './fake-im-errors';

export class FakeConversationsGateway extends ConversationsGateway {
  readonly events$: Observable<ConversationEvent>;

  constructor(private readonly device: GatewayDevice) {
    super();
    this.events$ = device.listen(device.sink.conversations);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  private record(conversationID: string): ReturnType<FakeBackend['conversationRecord']> {
    this.device.requireSynced(conversationID);
    const record = this.b.conversationsOf(this.device.me()).get(conversationID);
    if (record === undefined) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'conversation not found');
    }
    return record;
  }

  getConversationsPage(offset: number, count: number): Promise<readonly Conversation[]> {
    return later(() => {
      const me = this.device.me();
      return [...this.b.conversationsOf(me).values()]
        .sort((x, y) => y.latestMsgSendTime - x.latestMsgSendTime)
        .slice(offset, offset + count)
        .map((r) => this.b.conversationView(me, r));
    });
  }

  getServerFirstPage(userID: string, count: number): Promise<readonly Conversation[]> {
    return later(() =>
      [...this.b.conversationsOf(userID).values()]
        .sort((x, y) => Number(y.isPinned) - Number(x.isPinned) || y.latestMsgSendTime - x.latestMsgSendTime)
        .slice(0, count)
        .map((r) => this.b.conversationView(userID, r)),
    );
  }

  getTotalUnread(): Promise<number> {
    return later(() => this.b.totalUnread(this.device.me()));
  }

  getOneConversation(sourceID: string, sessionType: SessionType): Promise<Conversation> {
    return later(() => {
      const me = this.device.me();
      if (sessionType === SessionType.Group) {
        this.b.groupRecord(sourceID);
      } else {
        this.b.user(sourceID);
      }
      const isNew = !this.b
        .conversationsOf(me)
        .has(
          sessionType === SessionType.Group
            ? groupConversationID(sourceID)
            : singleConversationID(me, sourceID),
        );
      const record = this.b.conversationRecord(me, sourceID, sessionType);
      if (isNew) {
        this.b.emitConversationChanged(me, record, true);
      }
      return this.b.conversationView(me, record);
    });
  }

  setPinned(conversationID: string, isPinned: boolean): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      record.isPinned = isPinned;
      this.b.emitConversationChanged(this.device.me(), record, false);
    });
  }

  setDraft(conversationID: string, draftText: string): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      // As the SDK: a draft carries the time it was saved; removing it resets the time.
      const blank = draftText.trim() === '';
      record.draftText = blank ? '' : draftText;
      record.draftTextTime = blank ? 0 : this.b.clock.now();
      this.b.emitConversationChanged(this.device.me(), record, false);
    });
  }

  setRecvMsgOpt(conversationID: string, opt: RecvMsgOpt): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      record.recvMsgOpt = opt;
      this.b.emitConversationChanged(this.device.me(), record, false, false);
    });
  }

  deleteConversation(conversationID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      this.record(conversationID);
      this.b.conversationsOf(me).delete(conversationID);
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      for (const message of this.b.messages.get(conversationID) ?? []) {
        deleted.add(message.clientMsgID);
      }
      this.b.deletedMessages.set(me, deleted);
      const total = this.b.totalUnread(me);
      this.b.push(me, (s) => s.conversations.next({ type: 'totalUnreadChanged', count: total }));
    });
  }

  resetGroupAtType(conversationID: string): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      if ((record.groupAtType ?? GroupAtType.AtNormal) !== GroupAtType.AtNormal) {
        record.groupAtType = GroupAtType.AtNormal;
        this.b.emitConversationChanged(this.device.me(), record, false, false);
      }
    });
  }

  markAsRead(conversationID: string): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      if (record.unreadCount !== 0) {
        record.unreadCount = 0;
        this.b.emitConversationChanged(this.device.me(), record, false);
      }
    });
  }
}
