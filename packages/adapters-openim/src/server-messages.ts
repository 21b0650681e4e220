import type { MessageItem } from '@openim/wasm-client-sdk';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
import { toMessage } from './mappers';

/** The message field that holds each content type's parsed content, as in the SDK's messages. */
const ELEM_FIELD: Readonly<Record<number, keyof Message>> = {
  [ContentType.Text]: 'textElem',
  [ContentType.Picture]: 'pictureElem',
  [ContentType.Voice]: 'soundElem',
  [ContentType.Video]: 'videoElem',
  [ContentType.File]: 'fileElem',
  [ContentType.AtText]: 'atTextElem',
  [ContentType.Merge]: 'mergeElem',
  [ContentType.Card]: 'cardElem',
  [ContentType.Location]: 'locationElem',
  [ContentType.Custom]: 'customElem',
  [ContentType.Quote]: 'quoteElem',
  [ContentType.Face]: 'faceElem',
};
/** Content types from here on are notifications (tips), whose content is `{"detail": "<json>"}`. */
const FIRST_NOTIFICATION_TYPE = 1000;

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Puts a message's content (JSON text as the server stores it) where the SDK's messages hold it. */
export function withParsedContent(
  message: Record<string, unknown>,
  contentType: number,
  content: string,
): Record<string, unknown> {
  const parsed = parseObject(content) ?? {};
  const field = ELEM_FIELD[contentType];
  if (field !== undefined) {
    message[field] = parsed;
  } else if (contentType >= FIRST_NOTIFICATION_TYPE) {
    message['notificationElem'] = { detail: typeof parsed['detail'] === 'string' ? parsed['detail'] : '' };
  }
  return message;
}

/** One `sdkws.MsgData` of the server's HTTP answer, checked, with its content decoded to text. */
export interface ServerMsgData {
  readonly clientMsgID: string;
  readonly serverMsgID: string;
  readonly sendID: string;
  readonly recvID: string;
  readonly groupID: string;
  readonly senderNickname: string;
  readonly senderFaceURL: string;
  readonly sessionType: number;
  readonly msgFrom: number;
  readonly contentType: number;
  readonly content: string;
  readonly seq: number;
  readonly sendTime: number;
  readonly createTime: number;
  readonly status: number;
  readonly isRead: boolean;
  readonly ex: string;
}

/**
 * A server message in the SDK's shape, then through the SDK mapping, so it renders like the SDK's copy
 * of the same message (which replaces it once the SDK has the conversation).
 */
export function serverMessageToMessage(msg: ServerMsgData): Message {
  const isGroup = msg.sessionType !== SessionType.Single;
  const item = withParsedContent(
    {
      clientMsgID: msg.clientMsgID,
      serverMsgID: msg.serverMsgID,
      sendID: msg.sendID,
      recvID: isGroup ? '' : msg.recvID,
      groupID: msg.groupID,
      sessionType: msg.sessionType,
      contentType: msg.contentType,
      sendTime: msg.sendTime,
      createTime: msg.createTime,
      senderNickname: msg.senderNickname,
      senderFaceUrl: msg.senderFaceURL,
      status: MessageStatus.Succeeded,
      isRead: msg.isRead,
      seq: msg.seq,
      msgFrom: msg.msgFrom,
      ex: msg.ex,
    },
    msg.contentType,
    msg.content,
  );
  return toMessage(item as unknown as MessageItem);
}
