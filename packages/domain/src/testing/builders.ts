import { MessageStatus, SessionType } from '../entities/message';
import type { Message } from '../entities/message';
import type { Conversation } from '../entities/conversation';
import { RecvMsgOpt } from '../entities/conversation';

/** Builders for test data; every field a rule could read has a plain default. */
export function message(overrides: Partial<Message> & Pick<Message, 'contentType'>): Message {
  return {
    clientMsgID: 'm1',
    sendID: 'alice',
    recvID: 'me',
    groupID: '',
    sessionType: SessionType.Single,
    sendTime: 1_000,
    senderNickname: 'Alice',
    senderFaceUrl: '',
    status: MessageStatus.Succeeded,
    isRead: false,
    ...overrides,
  };
}

export function conversation(
  overrides: Partial<Conversation> & Pick<Conversation, 'conversationID'>,
): Conversation {
  return {
    conversationType: SessionType.Single,
    userID: '',
    groupID: '',
    showName: '',
    faceURL: '',
    unreadCount: 0,
    latestMsg: '',
    latestMsgSendTime: 0,
    draftTextTime: 0,
    isPinned: false,
    recvMsgOpt: RecvMsgOpt.Normal,
    ...overrides,
  };
}

/** The failed `Result` of a validation rule, as the rules build it (no `params` key when none). */
export const validationFailure = (field: string, i18nKey: string, params?: Record<string, unknown>) => ({
  ok: false,
  error:
    params === undefined
      ? { kind: 'validation', field, i18nKey }
      : { kind: 'validation', field, i18nKey, params },
});
