import type { RedPacketClaimRecord, RedPacketDetail } from '@teamim/domain';
import { arrayField, asRecord, invalidResponse, numberField, optionalString, stringField } from './parse';

export const DETAIL_PATH = '/app/redbag/log/detail';

const STATUSES = ['active', 'finished', 'expired'] as const;

function cents(record: Readonly<Record<string, unknown>>, key: string): number {
  const value = numberField(record, key, DETAIL_PATH);
  if (!Number.isSafeInteger(value) || value < 0) throw invalidResponse(DETAIL_PATH, `${key} is not cents`);
  return value;
}

function toClaim(raw: unknown): RedPacketClaimRecord {
  const r = asRecord(raw, DETAIL_PATH, 'record');
  return {
    userID: stringField(r, 'userID', DETAIL_PATH),
    nickname: optionalString(r, 'nickname'),
    faceURL: optionalString(r, 'faceURL'),
    amount: cents(r, 'amount'),
    createTime: optionalString(r, 'createTime'),
  };
}

/** A positive whole number of seconds, or undefined when the server does not say (or says nonsense). */
function seconds(record: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Checks the answer of `GET /app/redbag/log/detail` (our own call, docs/server.md). */
export function parseRedPacketDetail(data: unknown): RedPacketDetail {
  const r = asRecord(data, DETAIL_PATH, 'data');
  const status = STATUSES.find((s) => s === r.status);
  if (status === undefined) throw invalidResponse(DETAIL_PATH, 'status is unknown');
  return {
    id: stringField(r, 'id', DETAIL_PATH),
    senderID: stringField(r, 'senderID', DETAIL_PATH),
    isGroup: r.targetKind === 'group',
    total: cents(r, 'total'),
    num: cents(r, 'num'),
    claimedNum: cents(r, 'claimedNum'),
    claimedAmount: cents(r, 'claimedAmount'),
    refundedAmount: cents(r, 'refundedAmount'),
    status,
    expirySeconds: seconds(r, 'expirySeconds'),
    records: arrayField(r, 'records', DETAIL_PATH).map(toClaim),
  };
}
