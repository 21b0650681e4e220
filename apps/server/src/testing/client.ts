import type { RunningServer } from '../app';
import type { ImMsg } from '../im/types';

export interface ApiEnvelope<T = Record<string, unknown>> {
  errCode: number;
  errMsg: string;
  errDlt: string;
  data?: T;
}

let opCounter = 0;

/** POSTs to `/api<path>` like the SDK does (operationID and token headers, JSON body). */
export async function api<T = Record<string, unknown>>(
  server: Pick<RunningServer, 'apiUrl'>,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<ApiEnvelope<T>> {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      operationID: `test-${++opCounter}`,
      ...(token ? { token } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return (await res.json()) as ApiEnvelope<T>;
}

/** Like `api` but fails loudly unless errCode is 0, returning `data`. */
export async function apiOk<T = Record<string, unknown>>(
  server: Pick<RunningServer, 'apiUrl'>,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const r = await api<T>(server, path, body, token);
  if (r.errCode !== 0) throw new Error(`${path} failed: ${r.errCode} ${r.errMsg} ${r.errDlt}`);
  return r.data as T;
}

export async function adminToken(server: RunningServer): Promise<string> {
  const d = await apiOk<{ token: string }>(server, '/auth/get_admin_token', {
    secret: server.config.adminSecret,
    userID: server.config.adminUserIDs[0],
  });
  return d.token;
}

/** Registers users and returns a web-platform token for each. */
export async function registerUsers(
  server: RunningServer,
  ids: readonly string[],
  platformID = 5,
): Promise<Record<string, string>> {
  const admin = await adminToken(server);
  await apiOk(
    server,
    '/user/user_register',
    { users: ids.map((userID) => ({ userID, nickname: `nick-${userID}`, faceURL: '', ex: '' })) },
    admin,
  );
  const out: Record<string, string> = {};
  for (const id of ids)
    out[id] = (
      await apiOk<{ token: string }>(server, '/auth/get_user_token', { userID: id, platformID }, admin)
    ).token;
  return out;
}

/** A 1:1 text message as the SDK sends it over WS 1003. */
export function textMsg(sendID: string, recvID: string, text: string, clientMsgID: string): ImMsg {
  return {
    sendID,
    recvID,
    groupID: '',
    clientMsgID,
    serverMsgID: '',
    senderPlatformID: 5,
    senderNickname: '',
    senderFaceURL: '',
    sessionType: 1,
    msgFrom: 100,
    contentType: 101,
    content: new TextEncoder().encode(JSON.stringify({ content: text })),
    seq: 0,
    sendTime: 0,
    createTime: Date.now(),
    status: 1,
    isRead: false,
    options: {},
    offlinePushInfo: null,
    atUserIDList: [],
    attachedInfo: '',
    ex: '',
  };
}
