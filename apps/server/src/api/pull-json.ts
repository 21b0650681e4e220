import { placeholder } from '../im/message-rows';
import type { ImMsg, PullMsgs } from '../im/types';

interface PullJson {
  Msgs: unknown[] | null;
  isEnd: boolean;
  endSeq: number;
}

/** What open-im-server's notifications carry when notification.yml names no push text. */
const EMPTY_OFFLINE_PUSH = {
  title: '',
  desc: '',
  ex: '',
  iOSPushSound: '',
  iOSBadgeCount: false,
  signalInfo: '',
};
const SYSTEM_SENDER = 200;

/**
 * One MsgData as Go's encoding/json writes it over HTTP: `content` in base64. With `real` (the openim-3.8
 * profile) also what a real open-im-server writes that this server does not store: empty bytes, lists
 * and options as `null`, and an `offlinePushInfo` on every notification (filled from notification.yml
 * there; empty here).
 */
function msgJson(m: ImMsg, real: boolean): Record<string, unknown> {
  const content = Buffer.from(m.content).toString('base64');
  if (!real) return { ...m, content };
  return {
    ...m,
    content: m.content.byteLength === 0 ? null : content,
    options: Object.keys(m.options).length === 0 ? null : m.options,
    offlinePushInfo: m.offlinePushInfo ?? (m.msgFrom === SYSTEM_SENDER ? EMPTY_OFFLINE_PUSH : null),
    atUserIDList: m.atUserIDList.length === 0 ? null : m.atUserIDList,
  };
}

/**
 * sdkws.PullMsgs by conversation as open-im-server writes them over HTTP (`Msgs`). With `real`, an empty
 * map is `null`, and a range that asked from seq 0 and was not cut by its `num` starts with the
 * placeholder of seq 0: a real conversation's minimum seq is 0, so open-im-server answers that seq too
 * (status 4, which clients skip).
 */
export function pullJson(
  map: ReadonlyMap<string, PullMsgs>,
  real: boolean,
  ranges: readonly { conversationID: string; begin: number; num: number }[] = [],
): Record<string, PullJson> | null {
  if (real && map.size === 0) return null;
  const out: Record<string, PullJson> = {};
  for (const [id, p] of map) {
    let msgs = p.msgs;
    const range = ranges.find((r) => r.conversationID === id);
    if (real && range?.begin === 0 && msgs[0]?.seq === 1 && msgs.length < range.num) {
      msgs = [placeholder(0), ...msgs];
    }
    out[id] = { Msgs: msgs.map((m) => msgJson(m, real)), isEnd: p.isEnd, endSeq: p.endSeq };
  }
  return out;
}
