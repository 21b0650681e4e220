import { ContentType } from '../entities/message';
import { jsonProperties } from './json';

/**
 * The element a preview reads of each kind of message (messageSummary, with its mentions and custom
 * payloads), and the fields it reads there. Any other kind is previewed by its label or, for the
 * notifications, by its tip (notificationText), which reads the notification element's detail.
 */
const PREVIEW_ELEM: Readonly<Record<number, readonly [string, readonly string[]]>> = {
  [ContentType.Text]: ['textElem', ['content']],
  [ContentType.AtText]: ['atTextElem', ['text', 'atUserList', 'atUsersInfo', 'isAtSelf']],
  [ContentType.Quote]: ['quoteElem', ['text']],
  [ContentType.File]: ['fileElem', ['fileName']],
  [ContentType.Card]: ['cardElem', ['nickname']],
  [ContentType.Custom]: ['customElem', ['data', 'description', 'extension']],
};
const NOTIFICATION_ELEM: readonly [string, readonly string[]] = ['notificationElem', ['detail']];

/**
 * A conversation's latest message as the list keeps it: the JSON text of what its preview reads (the
 * message's id and kind, and the text, names or data of its element), the same preview in a few dozen
 * bytes where the SDK's copy carries every field of the message (ids, times, sender, status, a quoted
 * message whole). Text that is not a message is kept as it is (`parseLatestMessage` refuses it later).
 */
export function compactLatestMessage(json: string): string {
  const message = jsonProperties(json);
  const { clientMsgID, contentType } = message;
  if (typeof clientMsgID !== 'string' || typeof contentType !== 'number') return json;
  const compact: Record<string, unknown> = { clientMsgID, contentType };
  const [key, fields] = PREVIEW_ELEM[contentType] ?? NOTIFICATION_ELEM;
  const elem = message[key];
  if (typeof elem === 'object' && elem !== null && !Array.isArray(elem)) {
    const source = elem as Readonly<Record<string, unknown>>;
    const kept: Record<string, unknown> = {};
    for (const field of fields) if (source[field] !== undefined) kept[field] = source[field];
    compact[key] = kept;
  }
  return JSON.stringify(compact);
}
