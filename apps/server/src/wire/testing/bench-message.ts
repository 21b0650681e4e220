import { randomBytes } from 'node:crypto';
import { type MsgData, textMsgData } from '../contract';

/** Unique per process (random prefix) without a random draw per message, which cost generator CPU. */
const clientMsgIDPrefix = randomBytes(8).toString('hex');
let clientMsgCounter = 0;
function nextClientMsgID(): string {
  clientMsgCounter++;
  return clientMsgIDPrefix + clientMsgCounter.toString(16).padStart(16, '0');
}

/** A text message as the SDK builds it before 1003. */
export function textMessage(
  sendID: string,
  to: { recvID?: string; groupID?: string },
  text: string,
): MsgData {
  return textMsgData({
    sendID,
    ...to,
    text,
    clientMsgID: nextClientMsgID(),
    createTime: Date.now(),
    senderPlatformID: 5,
    senderNickname: sendID,
  });
}

/**
 * Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC). Every process on the machine
 * reads the same clock, so a send time written by one generator process compares directly with the
 * receive time of another (performance.now() has a per-process origin).
 */
export function sharedClockMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * What a bench message carries in `ex` (the server stores and pushes it unchanged):
 * `bench|<runId>|<send time, sharedClockMs>|<1 when sent inside the measuring window>`. Receivers in
 * any process compute the latency from it, and ignore stragglers of an earlier phase by the run ID.
 */
export function benchTag(runId: string, sentAt: number, measured: boolean): string {
  return `bench|${runId}|${sentAt}|${measured ? 1 : 0}`;
}

export function parseBenchTag(ex: string, runId: string): { sentAt: number; measured: boolean } | undefined {
  if (!ex.startsWith('bench|')) return undefined;
  const parts = ex.split('|');
  if (parts[1] !== runId || parts.length !== 4) return undefined;
  const sentAt = Number(parts[2]);
  if (!Number.isFinite(sentAt)) return undefined;
  return { sentAt, measured: parts[3] === '1' };
}
