import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  emptyMsgData,
  wsError,
  type Gateway,
  type GatewayDeps,
  type GatewayOptions,
  type MsgData,
  type VerifiedToken,
  type WsConnContext,
  type WsError,
  type WsRequestHandlers,
} from '../contract';
import { attachGateway } from './attach';
import { GetMaxSeqReqCodec, GetMaxSeqRespCodec, MsgDataCodec } from '../messages';
import { OpenImTestClient } from '../testing/client';
import { WsRequestError, type TestClientOptions } from '../testing/connection';
import { OBSERVED_SDK_1001_REQUEST } from '../testing/gob-fixtures';
import { runWsLoad } from '../testing/load';
import { mulberry32, randomBytes } from '../testing/random';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** In-memory fake of the core: records every call, answers from simple state. */
class FakeCore implements WsRequestHandlers {
  readonly calls: { method: string; ctx: WsConnContext; req: unknown }[] = [];
  active = 0;
  maxActive = 0;
  delayMs: (() => number) | null = null;
  maxSeqs: Record<string, number> = { si_u1_u2: 2 };
  failNext: WsError | 'throw' | 'hang' | null = null;
  pullContentBytes = 0;

  private async enter(method: string, ctx: WsConnContext, req: unknown): Promise<void> {
    this.calls.push({ method, ctx, req });
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      if (this.delayMs) await sleep(this.delayMs());
      const fail = this.failNext;
      this.failNext = null;
      if (fail === 'throw') throw new Error('boom');
      if (fail === 'hang') await sleep(60_000);
    } finally {
      this.active--;
    }
  }

  async getNewestSeq(ctx: WsConnContext, req: { userID: string }) {
    const fail = this.failNext;
    await this.enter('getNewestSeq', ctx, req);
    if (fail !== null && typeof fail === 'object') return fail;
    return { maxSeqs: { ...this.maxSeqs }, minSeqs: {} };
  }

  async pullMsgByRange(ctx: WsConnContext, req: Parameters<WsRequestHandlers['pullMsgByRange']>[1]) {
    await this.enter('pullMsgByRange', ctx, req);
    const rnd = mulberry32(1);
    const msgs: Record<string, { Msgs: MsgData[]; isEnd: boolean; endSeq: number }> = {};
    for (const range of req.seqRanges) {
      const list: MsgData[] = [];
      for (let seq = Math.max(1, range.begin); seq <= range.end; seq++) {
        list.push({ ...emptyMsgData(), seq, status: 2, content: randomBytes(rnd, this.pullContentBytes) });
      }
      msgs[range.conversationID] = { Msgs: list, isEnd: true, endSeq: 0 };
    }
    return { msgs, notificationMsgs: {} };
  }

  async sendMsg(ctx: WsConnContext, req: MsgData) {
    await this.enter('sendMsg', ctx, req);
    if (req.sendID !== ctx.userID) return wsError(1002, 'not your message');
    return { serverMsgID: `srv-${req.clientMsgID}`, clientMsgID: req.clientMsgID, sendTime: 1732000000000 };
  }

  async pullMsgBySeqList(ctx: WsConnContext, req: Parameters<WsRequestHandlers['pullMsgBySeqList']>[1]) {
    await this.enter('pullMsgBySeqList', ctx, req);
    return { msgs: {}, notificationMsgs: {} };
  }

  async getConvMaxReadSeq(ctx: WsConnContext, req: Parameters<WsRequestHandlers['getConvMaxReadSeq']>[1]) {
    await this.enter('getConvMaxReadSeq', ctx, req);
    return { seqs: { si_u1_u2: { maxSeq: 2, hasReadSeq: 1, maxSeqTime: 5 } }, pinnedConversationIDs: [] };
  }

  async pullConvLastMessage(
    ctx: WsConnContext,
    req: Parameters<WsRequestHandlers['pullConvLastMessage']>[1],
  ) {
    await this.enter('pullConvLastMessage', ctx, req);
    return { msgs: {} };
  }
}

interface Harness {
  url: string;
  server: Server;
  gateway: Gateway;
  core: FakeCore;
  kickedTokens: { userID: string; platformID: number; token: string }[];
  statusChanges: [string, number[]][];
  connect(userID: string, token?: string, extra?: Partial<TestClientOptions>): Promise<OpenImTestClient>;
}

const harnesses: Harness[] = [];
const clients: OpenImTestClient[] = [];

/**
 * token "tok-<userID>-<platformID>[-anything][@<issued ms>]" is valid for that identity; "expired" gives
 * 1501.
 */
function verifyToken(token: string): VerifiedToken | WsError {
  if (token === 'expired') return wsError(1501, 'TokenExpiredError');
  const m = /^tok-([^-]+)-(\d+)/.exec(token);
  if (!m) return wsError(1503, 'TokenMalformedError');
  const issued = /@(\d+)$/.exec(token);
  return {
    userID: m[1] as string,
    platformID: Number(m[2]),
    ...(issued === null ? {} : { issuedAtMs: Number(issued[1]) }),
  };
}

async function start(options: GatewayOptions = {}, deps: Partial<GatewayDeps> = {}): Promise<Harness> {
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const core = new FakeCore();
  const kickedTokens: Harness['kickedTokens'] = [];
  const statusChanges: Harness['statusChanges'] = [];
  const gateway = attachGateway(server, {
    verifyToken,
    handlers: core,
    options,
    onTokenKicked: (info) => kickedTokens.push(info),
    onOnlineStatusChange: (userID, platforms) => statusChanges.push([userID, platforms]),
    ...deps,
  });
  const url = `ws://127.0.0.1:${port}/ws`;
  const h: Harness = {
    url,
    server,
    gateway,
    core,
    kickedTokens,
    statusChanges,
    async connect(userID, token = `tok-${userID}-5`, extra = {}) {
      const client = await OpenImTestClient.open({ url, userID, token, ...extra });
      clients.push(client);
      return client;
    },
  };
  harnesses.push(h);
  return h;
}

afterEach(async () => {
  // Clean up first so that one failing test cannot leak connections into the next.
  const used = clients.splice(0);
  await Promise.all(used.map((c) => c.close()));
  for (const h of harnesses.splice(0)) {
    await h.gateway.closeAll();
    await new Promise<void>((resolve) => h.server.close(() => resolve()));
  }
  for (const c of used) expect(c.fatalErrors).toEqual([]);
});

const until = async (cond: () => boolean, timeoutMs = 3000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(10);
  }
};

describe('handshake', () => {
  it('sends exactly the success JSON as a text frame first', async () => {
    const h = await start();
    const r = await OpenImTestClient.connect({ url: h.url, userID: 'u1', token: 'tok-u1-5' });
    expect(r.handshakeFrame).toEqual({ text: '{"errCode":0,"errMsg":"","errDlt":""}', isBinary: false });
    expect(r.client).not.toBeNull();
    if (r.client) clients.push(r.client);
    expect(h.gateway.isOnline('u1')).toBe(true);
    expect(h.gateway.onlinePlatformIDs('u1')).toEqual([5]);
  });

  it.each([
    ['expired token', { token: 'expired' }, 1501],
    ['malformed token', { token: 'garbage' }, 1503],
    ['sendID not the token user', { token: 'tok-u2-5' }, 1502],
    ['platformID not the token platform', { token: 'tok-u1-3' }, 1502],
    ['unknown platformID', { token: 'tok-u1-42', platformID: 42 }, 1602],
    ['empty operationID', { token: 'tok-u1-5', operationID: '' }, 1602],
    ['sdkType js', { token: 'tok-u1-5', query: { sdkType: 'js' } }, 1602],
    ['non-numeric platformID', { token: 'tok-u1-5', query: { platformID: 'web' } }, 1602],
  ])(
    'rejects %s with a JSON text frame and a close',
    async (_name, extra: Partial<TestClientOptions>, code) => {
      const h = await start();
      const r = await OpenImTestClient.connect({ url: h.url, userID: 'u1', token: 'x', ...extra });
      expect(r.client).toBeNull();
      expect(r.handshakeFrame?.isBinary).toBe(false);
      expect(r.handshake.errCode).toBe(code);
      expect(typeof r.handshake.errMsg).toBe('string');
      expect(h.gateway.isOnline('u1')).toBe(false);
    },
  );

  it('answers a plain HTTP JSON error without isMsgResp (native SDK behaviour)', async () => {
    const h = await start();
    const r = await OpenImTestClient.connect({
      url: h.url,
      userID: 'u1',
      token: 'expired',
      isMsgResp: false,
    });
    expect(r.client).toBeNull();
    expect(r.handshake.errCode).toBe(1501);
  });

  it('maps a throwing verifier to errCode 500 instead of crashing', async () => {
    const h = await start(
      {},
      {
        verifyToken: () => {
          throw new Error('db down');
        },
      },
    );
    const r = await OpenImTestClient.connect({ url: h.url, userID: 'u1', token: 'tok-u1-5' });
    expect(r.handshake.errCode).toBe(500);
  });

  it('refuses connections above the limit with 1601', async () => {
    const h = await start({ maxConnections: 1 });
    await h.connect('u1');
    const r = await OpenImTestClient.connect({ url: h.url, userID: 'u2', token: 'tok-u2-5' });
    expect(r.handshake.errCode).toBe(1601);
  });
});

describe('requests', () => {
  it('answers the real SDK login frame, echoing ReqIdentifier, MsgIncr and OperationID', async () => {
    const h = await start();
    const client = await h.connect('u1');
    const response = client.waitForEnvelope((e) => e.msgIncr === 'u1_1795309233092721724');
    client.sendRaw(gzipSync(Buffer.from(OBSERVED_SDK_1001_REQUEST, 'hex')));
    const env = await response;
    expect(env.reqIdentifier).toBe(1001);
    expect(env.operationID).toBe('ee0f96c7-eec1-46fd-a95e-4f6270f19639');
    expect(env.errCode).toBe(0);
    expect({ ...GetMaxSeqRespCodec.decode(env.data).maxSeqs }).toEqual({ si_u1_u2: 2 });
    expect(h.core.calls).toHaveLength(1);
    expect(h.core.calls[0]?.req).toEqual({ userID: 'u1' });
    expect(h.core.calls[0]?.ctx).toMatchObject({
      userID: 'u1',
      platformID: 5,
      operationID: 'ee0f96c7-eec1-46fd-a95e-4f6270f19639',
    });
  });

  it('speaks plain gob both ways when the client did not ask for gzip', async () => {
    const h = await start();
    const client = await h.connect('u1', 'tok-u1-5', { compression: false });
    await expect(client.getNewestSeq()).resolves.toMatchObject({ maxSeqs: { si_u1_u2: 2 } });
    h.gateway.pushMessages('u1', [{ conversationID: 'si_u1_u2', msg: { ...emptyMsgData(), seq: 3 } }]);
    const push = await client.waitForPush();
    expect(push.msgs['si_u1_u2']?.Msgs[0]?.seq).toBe(3);
  });

  it('decodes 1003 into MsgData and encodes the UserSendMsgResp', async () => {
    const h = await start();
    const client = await h.connect('u1');
    const msg: MsgData = {
      ...emptyMsgData(),
      sendID: 'u1',
      recvID: 'u2',
      clientMsgID: 'abc',
      sessionType: 1,
      msgFrom: 100,
      contentType: 101,
      content: new TextEncoder().encode('{"content":"hi"}'),
      createTime: 1732000000000,
      status: 1,
      offlinePushInfo: {
        title: 'You have a new message.',
        desc: '',
        ex: '',
        iOSPushSound: '+1',
        iOSBadgeCount: true,
        signalInfo: '',
      },
      attachedInfo: 'null',
    };
    const resp = await client.sendMsg(msg);
    expect(resp).toEqual({ serverMsgID: 'srv-abc', clientMsgID: 'abc', sendTime: 1732000000000 });
    const received = h.core.calls[0]?.req as MsgData;
    expect(Buffer.from(MsgDataCodec.encode(received)).equals(Buffer.from(MsgDataCodec.encode(msg)))).toBe(
      true,
    );
  });

  it('processes the requests of one connection strictly one at a time and in order', async () => {
    const h = await start();
    const rnd = mulberry32(11);
    h.core.delayMs = () => Math.floor(rnd() * 15);
    const client = await h.connect('u1');
    const results = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const env = await client.request(1001, GetMaxSeqReqCodec.encode({ userID: `u1#${i}` }));
        return { i, msgIncr: env.msgIncr, at: Date.now() };
      }),
    );
    expect(h.core.maxActive).toBe(1);
    expect(h.core.calls.map((c) => (c.req as { userID: string }).userID)).toEqual(
      Array.from({ length: 25 }, (_, i) => `u1#${i}`),
    );
    expect(new Set(results.map((r) => r.msgIncr)).size).toBe(25);
  });

  it('turns handler errors, exceptions and timeouts into error answers and keeps serving', async () => {
    const h = await start({ handlerTimeoutMs: 200 });
    const client = await h.connect('u1');
    h.core.failNext = wsError(1302, 'BlockedByPeer');
    await expect(client.getNewestSeq()).rejects.toMatchObject({ errCode: 1302, errMsg: 'BlockedByPeer' });
    h.core.failNext = 'throw';
    await expect(client.getNewestSeq()).rejects.toMatchObject({ errCode: 500 });
    h.core.failNext = 'hang';
    const started = Date.now();
    await expect(client.getNewestSeq()).rejects.toBeInstanceOf(WsRequestError);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(client.getNewestSeq()).resolves.toMatchObject({ maxSeqs: { si_u1_u2: 2 } });
  });

  it('answers an undecodable payload with 1001 without calling the core', async () => {
    const h = await start();
    const client = await h.connect('u1');
    const env = await client.request(1003, new Uint8Array([0x0a, 0x7f]));
    expect(env.reqIdentifier).toBe(1003);
    expect(env.errCode).toBe(1001);
    expect(env.errMsg).toMatch(/MsgData/);
    expect(h.core.calls).toEqual([]);
  });

  it('refuses a request whose SendID is not the connected user with 1002', async () => {
    const h = await start();
    const client = await h.connect('u1');
    const env = await client.request(1001, GetMaxSeqReqCodec.encode({ userID: 'u2' }), { sendID: 'u2' });
    expect(env.errCode).toBe(1002);
    expect(h.core.calls).toEqual([]);
  });

  it('answers 1004, 2003 and 2004 without a core handler', async () => {
    const h = await start();
    const client = await h.connect('u1');
    expect((await client.request(1004, new Uint8Array(0))).errCode).toBe(1001);
    const bg = await client.setBackground(true);
    expect(bg.errCode).toBe(0);
    expect(bg.reqIdentifier).toBe(2004);
    const out = await client.logout();
    expect(out.reqIdentifier).toBe(2003);
    expect(out.errCode).toBe(0);
    await client.waitClosed();
    await until(() => !h.gateway.isOnline('u1'));
  });

  it('trims a pull response that would exceed the SDK frame limit', async () => {
    const h = await start();
    h.core.pullContentBytes = 120_000; // random, so gzip cannot help: 30 messages ~ 1.8 MB
    const client = await h.connect('u1');
    const resp = await client.pullMsgByRange({
      seqRanges: [{ conversationID: 'si_u1_u2', begin: 1, end: 30, num: 30 }],
      order: 0,
    });
    const seqs = resp.msgs['si_u1_u2']?.Msgs.map((m) => m.seq) ?? [];
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs.length).toBeLessThan(30);
    expect(seqs.at(-1)).toBe(30);
    expect(Math.max(...client.frameSizes)).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe('protocol violations by the client', () => {
  it.each([
    ['a frame that is not gzip', (c: OpenImTestClient) => c.sendRaw(Buffer.from('hello')), 1007],
    ['gzip around garbage', (c: OpenImTestClient) => c.sendRaw(gzipSync(Buffer.from('garbage!'))), 1007],
    ['a text frame', (c: OpenImTestClient) => c.sendRaw('{"reqIdentifier":1001}', false), 1003],
  ])('closes the connection on %s and keeps serving others', async (_name, send, code) => {
    const h = await start();
    const bad = await h.connect('u1');
    const good = await h.connect('u2');
    send(bad);
    await bad.waitClosed();
    expect(bad.closeCode).toBe(code);
    await expect(good.getNewestSeq()).resolves.toBeDefined();
  });

  it('closes with 1009 on a frame above the inbound limit', async () => {
    const h = await start({ maxInboundFrameBytes: 64 * 1024 });
    const client = await h.connect('u1');
    client.sendRaw(randomBytes(mulberry32(2), 200_000).subarray(0, 100_000));
    await client.waitClosed();
    expect(client.closeCode).toBe(1009);
    await expect((await h.connect('u2')).getNewestSeq()).resolves.toBeDefined();
  });

  it('closes on an unknown ReqIdentifier instead of echoing it', async () => {
    const h = await start();
    const client = await h.connect('u1');
    await expect(client.request(4242, new Uint8Array(0))).rejects.toThrow(/closed/);
    expect(client.closeCode).toBe(1008);
  });
});

describe('pushes', () => {
  const item = (seq: number, conversationID = 'si_u1_u2') => ({
    conversationID,
    msg: { ...emptyMsgData(), sendID: 'u1', recvID: 'u2', sessionType: 1, contentType: 101, seq },
  });

  it('reaches every connection of the user except the excluded one', async () => {
    const h = await start();
    const web = await h.connect('u2');
    const desktop = await h.connect('u2', 'tok-u2-3', { platformID: 3 });
    const other = await h.connect('u3');
    expect(h.gateway.onlinePlatformIDs('u2')).toEqual([3, 5]);
    expect(h.gateway.pushMessages('u2', [item(1), item(0, 'n_u1_u2')])).toBe(2);
    const p1 = await web.waitForPush();
    const p2 = await desktop.waitForPush();
    const frames = [web, desktop].map((c) => c.waitForEnvelope((e) => e.reqIdentifier === 2001));
    expect(h.gateway.pushMessages('u2', [item(1), item(0, 'n_u1_u2')], undefined, 'op-of-the-send')).toBe(2);
    for (const f of await Promise.all(frames)) expect(f.operationID).toBe('op-of-the-send');
    for (const p of [p1, p2]) {
      expect(p.msgs['si_u1_u2']?.Msgs.map((m) => m.seq)).toEqual([1]);
      expect(Object.keys(p.notificationMsgs)).toEqual(['n_u1_u2']);
    }
    const webConn = h.gateway.sessions().find((s) => s.userID === 'u2' && s.platformID === 5);
    expect(h.gateway.pushMessages('u2', [item(2)], webConn?.connID)).toBe(1);
    const third = desktop.waitForEnvelope((e) => e.reqIdentifier === 2001);
    await desktop.waitForPush((p) => p.msgs['si_u1_u2']?.Msgs[0]?.seq === 2);
    // Server-originated frames always carry an OperationID (the SDK needs one for its HTTP calls).
    expect((await third).operationID).toMatch(/^srv\d+/);
    await sleep(50);
    expect(web.pushes).toHaveLength(2);
    expect(other.pushes).toHaveLength(0);
    expect(h.gateway.pushMessages('nobody', [item(3)])).toBe(0);
  });

  it('fans out to several users with one call', async () => {
    const h = await start();
    const a = await h.connect('u1');
    const b = await h.connect('u2');
    const b2 = await h.connect('u2', 'tok-u2-3', { platformID: 3 });
    const c = await h.connect('u3');
    expect(h.gateway.pushMessagesToUsers?.(['u1', 'u2', 'u2', 'nobody'], [item(7, 'sg_g1')])).toBe(3);
    for (const client of [a, b, b2]) {
      const p = await client.waitForPush();
      expect(p.msgs['sg_g1']?.Msgs.map((m) => m.seq)).toEqual([7]);
    }
    await sleep(50);
    expect(c.pushes).toHaveLength(0);
    expect(b.pushes).toHaveLength(1);
  });

  it('splits large pushes into frames within the 1 MiB limit', async () => {
    const h = await start();
    const client = await h.connect('u2');
    const rnd = mulberry32(8);
    const items = Array.from({ length: 12 }, (_, i) => ({
      conversationID: 'si_u1_u2',
      msg: { ...emptyMsgData(), seq: i + 1, content: randomBytes(rnd, 250_000) },
    }));
    h.gateway.pushMessages('u2', items);
    await until(() => client.pushes.reduce((n, p) => n + (p.msgs['si_u1_u2']?.Msgs.length ?? 0), 0) === 12);
    expect(client.pushes.length).toBeGreaterThan(1);
    expect(Math.max(...client.frameSizes)).toBeLessThanOrEqual(1024 * 1024);
    const seqs = client.pushes.flatMap((p) => p.msgs['si_u1_u2']?.Msgs.map((m) => m.seq) ?? []);
    expect(seqs).toEqual(items.map((i) => i.msg.seq));
  });
});

describe('kick and multi-login', () => {
  it('kick sends 2002 and closes only the chosen platform', async () => {
    const h = await start();
    const web = await h.connect('u1');
    const pc = await h.connect('u1', 'tok-u1-3', { platformID: 3 });
    expect(h.gateway.kick('u1', 5)).toBe(1);
    await web.waitClosed();
    expect(web.kicked).toBe(true);
    expect(pc.isOpen).toBe(true);
    expect(h.gateway.onlinePlatformIDs('u1')).toEqual([3]);
  });

  it('a new token on the same platform kicks the older connection (policy 1)', async () => {
    const h = await start();
    const first = await h.connect('u1', 'tok-u1-5-a');
    const sameToken = await h.connect('u1', 'tok-u1-5-a');
    const otherPlatform = await h.connect('u1', 'tok-u1-3-a', { platformID: 3 });
    await sleep(50);
    expect(first.kicked || sameToken.kicked || otherPlatform.kicked).toBe(false);
    const second = await h.connect('u1', 'tok-u1-5-b');
    await first.waitClosed();
    await sameToken.waitClosed();
    expect(first.kicked && sameToken.kicked).toBe(true);
    expect(second.isOpen && otherPlatform.isOpen).toBe(true);
    expect(h.kickedTokens).toEqual([{ userID: 'u1', platformID: 5, token: 'tok-u1-5-a' }]);
    await expect(second.getNewestSeq()).resolves.toBeDefined();
  });

  it('a page reconnecting with an older token is kicked itself and leaves the newer login alone', async () => {
    const h = await start();
    const newer = await h.connect('u1', 'tok-u1-5-b@2000');
    // A page that was offline when the newer login happened comes back with its old token.
    const stale = await h.connect('u1', 'tok-u1-5-a@1000');
    await stale.waitClosed();
    expect(stale.kicked).toBe(true);
    await sleep(50);
    expect(newer.kicked).toBe(false);
    expect(newer.isOpen).toBe(true);
    expect(h.kickedTokens).toEqual([{ userID: 'u1', platformID: 5, token: 'tok-u1-5-a@1000' }]);
    await expect(newer.getNewestSeq()).resolves.toBeDefined();
  });

  it('policy kick-same-class-other-token kicks within the platform class only', async () => {
    const h = await start({ multiLoginPolicy: 'kick-same-class-other-token' });
    const windows = await h.connect('u1', 'tok-u1-3-a', { platformID: 3 });
    const ios = await h.connect('u1', 'tok-u1-1-a', { platformID: 1 });
    const web = await h.connect('u1', 'tok-u1-5-a');
    await h.connect('u1', 'tok-u1-4-b', { platformID: 4 }); // macOS: same class as Windows
    await windows.waitClosed();
    expect(windows.kicked).toBe(true);
    await sleep(50);
    expect(ios.isOpen && web.isOpen).toBe(true);
    expect(h.kickedTokens).toEqual([{ userID: 'u1', platformID: 3, token: 'tok-u1-3-a' }]);
  });

  it('policy pc-and-one-other keeps PCs and one other terminal', async () => {
    const h = await start({ multiLoginPolicy: 'pc-and-one-other' });
    const windows = await h.connect('u1', 'tok-u1-3-a', { platformID: 3 });
    const linux = await h.connect('u1', 'tok-u1-7-a', { platformID: 7 });
    const ios = await h.connect('u1', 'tok-u1-1-a', { platformID: 1 });
    const web = await h.connect('u1', 'tok-u1-5-a');
    await ios.waitClosed();
    expect(ios.kicked).toBe(true);
    await h.connect('u1', 'tok-u1-4-a', { platformID: 4 });
    await sleep(50);
    expect(windows.isOpen && linux.isOpen && web.isOpen).toBe(true);
  });

  it('policy allow-all never kicks', async () => {
    const h = await start({ multiLoginPolicy: 'allow-all' });
    const first = await h.connect('u1', 'tok-u1-5-a');
    await h.connect('u1', 'tok-u1-5-b');
    await sleep(50);
    expect(first.kicked).toBe(false);
    expect(h.gateway.sessions().filter((s) => s.userID === 'u1')).toHaveLength(2);
  });
});

describe('online status (2005)', () => {
  it('answers subscriptions with the current status and pushes changes', async () => {
    const h = await start();
    const watcher = await h.connect('u1');
    const tips = await watcher.subscribeUserStatus(['u2']);
    expect(tips).toEqual({ subscribers: [{ userID: 'u2', onlinePlatformIDs: [] }] });
    const u2 = await h.connect('u2');
    await until(() => watcher.statusPushes.length === 1);
    expect(watcher.statusPushes[0]).toEqual({ subscribers: [{ userID: 'u2', onlinePlatformIDs: [5] }] });
    await u2.close();
    await until(() => watcher.statusPushes.length === 2);
    expect(watcher.statusPushes[1]).toEqual({ subscribers: [{ userID: 'u2', onlinePlatformIDs: [] }] });
    expect(h.statusChanges).toContainEqual(['u2', [5]]);
    expect(h.statusChanges).toContainEqual(['u2', []]);
    await watcher.subscribeUserStatus([], ['u2']);
    await h.connect('u2');
    await sleep(50);
    expect(watcher.statusPushes).toHaveLength(2);
  });
});

describe('liveness and shutdown', () => {
  it('pings, keeps answering clients and drops silent ones', async () => {
    // Wide margins: on a loaded machine the live client's pongs can lag by hundreds of milliseconds.
    const h = await start({ pingIntervalMs: 50, idleTimeoutMs: 1_000 });
    const alive = await h.connect('u1');
    const dead = await h.connect('u2', 'tok-u2-5', { autoPong: false });
    await dead.waitClosed();
    expect(h.gateway.isOnline('u2')).toBe(false);
    await sleep(1_500);
    expect(alive.isOpen).toBe(true);
    expect(h.gateway.isOnline('u1')).toBe(true);
  });

  it('closeAll closes every connection with 1001 and refuses new ones', async () => {
    const h = await start();
    const a = await h.connect('u1');
    const b = await h.connect('u2');
    await h.gateway.closeAll();
    await Promise.all([a.waitClosed(), b.waitClosed()]);
    expect([a.closeCode, b.closeCode]).toEqual([1001, 1001]);
    expect(h.gateway.sessions()).toEqual([]);
    await expect(OpenImTestClient.connect({ url: h.url, userID: 'u1', token: 'tok-u1-5' })).rejects.toThrow();
  });

  it('attaches to a Fastify instance', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    app.get('/healthz', () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const gateway = attachGateway(app, { verifyToken, handlers: new FakeCore() });
    try {
      const port = (app.server.address() as AddressInfo).port;
      const client = await OpenImTestClient.open({
        url: `ws://127.0.0.1:${port}/ws`,
        userID: 'u1',
        token: 'tok-u1-5',
      });
      await expect(client.getNewestSeq()).resolves.toMatchObject({ maxSeqs: { si_u1_u2: 2 } });
      expect(client.fatalErrors).toEqual([]);
      await client.close();
    } finally {
      await gateway.closeAll();
      await app.close();
    }
  });

  it('answers 404 to upgrades on other paths when nobody else handles them', async () => {
    const h = await start();
    const port = (h.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it('does not touch upgrades on other paths', async () => {
    const h = await start();
    const port = (h.server.address() as AddressInfo).port;
    h.server.on('upgrade', (req, socket) => {
      if (req.url?.startsWith('/other')) socket.end('HTTP/1.1 418 Teapot\r\nContent-Length: 0\r\n\r\n');
    });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/other`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(418);
  });
});

describe('disconnect (token revoked or expired)', () => {
  it('closes without a 2002 frame, so the reconnect reports the token error', async () => {
    let expired = false;
    const h = await start(
      {},
      { verifyToken: (t) => (expired ? wsError(1501, 'TokenExpiredError') : verifyToken(t)) },
    );
    const web = await h.connect('u1', 'tok-u1-5-a');
    const other = await h.connect('u1', 'tok-u1-3-b', { platformID: 3 });
    expect(
      h.gateway
        .sessions()
        .map((s) => s.token)
        .sort(),
    ).toEqual(['tok-u1-3-b', 'tok-u1-5-a']);
    expect(h.gateway.disconnect?.('u1', 3, 'tok-u1-3-b')).toBe(1);
    await other.waitClosed();
    expect(other.kicked).toBe(false);
    expect(other.closeCode).toBe(4001);
    expect(web.isOpen).toBe(true);
    expired = true;
    expect(h.gateway.disconnect?.('u1')).toBe(1);
    await web.waitClosed();
    expect(web.kicked).toBe(false);
    const again = await OpenImTestClient.connect({ url: h.url, userID: 'u1', token: 'tok-u1-5-a' });
    expect(again.handshake.errCode).toBe(1501);
    expect(h.gateway.isOnline('u1')).toBe(false);
  });
});

describe('load generator', () => {
  it('drives several SDK-like users concurrently with every request answered', async () => {
    const h = await start();
    const users = Array.from({ length: 8 }, (_, i) => ({ userID: `load${i}`, token: `tok-load${i}-5` }));
    users.push({ userID: 'bad', token: 'expired' });
    const result = await runWsLoad({ url: h.url, users, requestsPerUser: 15, maxDurationMs: 10_000 });
    expect(result.connected).toBe(8);
    expect(result.handshakeFailures).toBe(1);
    expect(result.requests).toBe(120);
    expect(result.errors).toBe(0);
    expect(result.fatalErrors).toEqual([]);
    expect(h.core.calls.filter((c) => c.method === 'getNewestSeq')).toHaveLength(120);
    expect(result.latencyMs.max).toBeGreaterThan(0);
  });
});

describe('fuzzing the gateway with mutated real SDK frames', () => {
  it('answers or closes, never crashes and never sends a frame the SDK cannot take', async () => {
    const h = await start({ handlerTimeoutMs: 500 });
    const rnd = mulberry32(2024);
    const base = Buffer.from(OBSERVED_SDK_1001_REQUEST, 'hex');
    let answered = 0;
    let closed = 0;
    for (let i = 0; i < 60; i++) {
      const mutated = Buffer.from(base);
      const flips = 1 + Math.floor(rnd() * 3);
      // Mutate the value part (after the type definition) most of the time, the definition sometimes.
      for (let f = 0; f < flips; f++) {
        const at = rnd() < 0.8 ? 102 + Math.floor(rnd() * (mutated.length - 102)) : Math.floor(rnd() * 102);
        mutated[at] = Math.floor(rnd() * 256);
      }
      const client = await h.connect('u1');
      client.sendRaw(gzipSync(mutated));
      const result = await Promise.race([
        client.waitForEnvelope(() => true, 3_000).then(() => 'answered' as const),
        client.waitClosed().then(() => 'closed' as const),
      ]).catch(() => 'silent' as const);
      if (result === 'answered') answered++;
      if (result === 'closed') closed++;
      expect(result).not.toBe('silent');
      expect(client.fatalErrors).toEqual([]);
      await client.close();
    }
    expect(answered + closed).toBe(60);
    // The gateway still works for everybody.
    const fresh = await h.connect('u9');
    await expect(fresh.getNewestSeq()).resolves.toBeDefined();
  });
});
