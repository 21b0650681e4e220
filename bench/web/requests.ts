/**
 * What the page asks of the server over one stretch (a cold sign-in to the end of the SDK's first sync):
 * HTTP requests by path, WebSocket requests by ReqIdentifier (the SDK's gob frames, decoded with the
 * server's own codecs), with their counts and sizes. Written as JSON by `--server-requests DIR`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { decodeRequestFrame, decodeResponseFrame } from '../../apps/server/src/wire/envelope';
import {
  GetLastMessageReqCodec,
  GetSeqMessageReqCodec,
  PullMessageBySeqsReqCodec,
  PullMessageBySeqsRespCodec,
} from '../../apps/server/src/wire/messages';

interface Tally {
  count: number;
  requestBytes: number;
  responseBytes: number;
  /** WS only: the answers' payload after gunzip. */
  responsePayloadBytes?: number;
  /** WS pulls: conversations asked for, and messages answered. */
  conversations?: number;
  messages?: number;
}

const add = (map: Map<string, Tally>, key: string, part: Partial<Tally>): void => {
  const t = map.get(key) ?? { count: 0, requestBytes: 0, responseBytes: 0 };
  for (const [k, v] of Object.entries(part) as [keyof Tally, number][]) t[k] = (t[k] ?? 0) + v;
  map.set(key, t);
};

function conversationsAsked(reqIdentifier: number, data: Uint8Array): number {
  if (reqIdentifier === 1002) return PullMessageBySeqsReqCodec.decode(data).seqRanges.length;
  if (reqIdentifier === 1005) return GetSeqMessageReqCodec.decode(data).conversations.length;
  if (reqIdentifier === 1007) return GetLastMessageReqCodec.decode(data).conversationIDs.length;
  return 0;
}

function messagesAnswered(reqIdentifier: number, data: Uint8Array): number {
  if (reqIdentifier !== 1002 && reqIdentifier !== 1005) return 0;
  const r = PullMessageBySeqsRespCodec.decode(data);
  let n = 0;
  for (const l of [...Object.values(r.msgs), ...Object.values(r.notificationMsgs)]) n += l.Msgs.length;
  return n;
}

/** Starts recording; the returned function stops it and writes `dir/name.json` (nothing when `dir` is unset). */
export function recordRequests(page: Page, dir: string | undefined, name: string): () => void {
  if (dir === undefined) return () => {};
  const http = new Map<string, Tally>();
  const ws = new Map<string, Tally>();
  const files: string[] = [];
  let recording = true;
  page.on('requestfinished', (req) => {
    if (!recording) return;
    const url = new URL(req.url());
    const key =
      url.pathname.startsWith('/api/') || url.pathname.startsWith('/chat/') ? url.pathname : 'files';
    if (key === 'files') files.push(url.pathname);
    void req.sizes().then((s) => {
      add(http, `${req.method()} ${key}`, {
        count: 1,
        requestBytes: s.requestBodySize,
        responseBytes: s.responseBodySize,
      });
    });
  });
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      if (!recording || typeof payload === 'string') return;
      const env = decodeRequestFrame(payload);
      add(ws, String(env.reqIdentifier), {
        count: 1,
        requestBytes: payload.length,
        conversations: conversationsAsked(env.reqIdentifier, env.data),
      });
    });
    socket.on('framereceived', ({ payload }) => {
      if (!recording || typeof payload === 'string') return;
      const env = decodeResponseFrame(payload);
      const key = env.reqIdentifier === 2001 ? '2001 (push)' : String(env.reqIdentifier);
      add(ws, key, {
        responseBytes: payload.length,
        responsePayloadBytes: env.data.length,
        messages: messagesAnswered(env.reqIdentifier, env.data),
      });
    });
  });
  return () => {
    recording = false;
    const sorted = (m: Map<string, Tally>) =>
      Object.fromEntries([...m].sort((a, b) => b[1].responseBytes - a[1].responseBytes));
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      resolve(dir, `${name}.json`),
      `${JSON.stringify({ http: sorted(http), ws: sorted(ws), files }, null, 2)}\n`,
    );
  };
}
