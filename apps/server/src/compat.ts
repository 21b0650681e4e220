import Fastify, { type FastifyInstance } from 'fastify';
import { objectsPlugin, type ObjectsDeps } from './objects/plugin';
import type { ObjectService } from './objects/service';

/**
 * Compatibility profiles: `openim-3.8` answers as a real open-im-server v3.8.3 + chat v1.8 deployment
 * does wherever it differs from this server's own extensions, so the client (and its end-to-end tests)
 * can be run against "a real deployment" on one machine:
 * - no `/chat/app/*` (wallet, red packets), no `/chat/qrlogin/*` (QR sign-in) and no
 *   `/chat/user/search/fuzzy`: plain-text 404 as gin answers; unknown routes answer as the real routers;
 * - refusals carry the real servers' `errDlt` (the code's name where they give no detail);
 * - uploads go to presigned URLs on a second loopback origin, as with MinIO or S3 (PUT with CORS);
 * - `/conversation/get_sorted_conversation_list` answers 1004 instead of an empty first page;
 * - `/chat/user/find/full` carries none of this server's own fields (pay password, create-group flag);
 * - a dropped chat token is refused with chat's 20101, not 1501;
 * - a chat login on the admin platform (10) gets OpenIM's 1002, not 1001;
 * - empty friend and joined-group pages and group infos carry `null`, not `[]`, as Go marshals an
 *   empty slice; so do empty lists, bytes and options in `/msg/pull_msg_by_seq`, which also answers the
 *   placeholder of seq 0 as open-im-server does.
 */
const COMPAT_PROFILES = ['none', 'openim-3.8'] as const;
export type CompatProfile = (typeof COMPAT_PROFILES)[number];

export function parseCompatProfile(value: string): CompatProfile {
  const found = COMPAT_PROFILES.find((p) => p === value);
  if (found === undefined) throw new Error(`--compat must be one of ${COMPAT_PROFILES.join(', ')}: ${value}`);
  return found;
}

/** chat's routes that exist only on this server (`/chat` prefix included). */
const LOCAL_ONLY_CHAT_ROUTES = /^\/chat\/(app\/|qrlogin\/|user\/search\/fuzzy(\/|$|\?))/;

/**
 * What the real routers answer for a route they do not have. chat's gin: HTTP 404, `text/plain`,
 * `404 page not found`. open-im-server's the same, but gzipped for a client that accepts gzip (every
 * browser): its compression middleware then leaves `application/json` and an empty body.
 */
export function registerRealRouterNotFound(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return;
    if (LOCAL_ONLY_CHAT_ROUTES.test(req.url) || (req.is404 && req.url.startsWith('/chat/'))) {
      await reply.code(404).type('text/plain').send('404 page not found');
      return reply;
    }
    if (req.is404 && req.url.startsWith('/api/')) {
      await reply.code(404).type('application/json').send('');
      return reply;
    }
  });
}

/** Details a real deployment gives for a refusal, where it gives more than the code's name. */
const REAL_DETAILS = new Set(['platformID invalid. platformID must not be adminPlatformID']);
/** OpenIM's refusals whose detail is the code's name on a real open-im-server (record not found, kicked token). */
const NAME_ONLY_IM_CODES = new Set([1004, 1506]);

/**
 * Refusals worded as the real servers word them: chat's `errDlt` is the code's name (`PasswordError`)
 * unless the refusal comes from OpenIM (`REAL_DETAILS`), where this server explains (`wrong password`);
 * so is OpenIM's for the codes of `NAME_ONLY_IM_CODES`.
 */
export function registerRealErrorDetails(app: FastifyInstance): void {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload !== 'string' || !payload.startsWith('{"errCode":')) return payload;
    const chat = req.url.startsWith('/chat/');
    if (!chat && !req.url.startsWith('/api/')) return payload;
    const envelope = JSON.parse(payload) as { errCode: number; errMsg: string; errDlt: string };
    if (envelope.errCode === 0 || REAL_DETAILS.has(envelope.errDlt)) return payload;
    if (!chat && !NAME_ONLY_IM_CODES.has(envelope.errCode)) return payload;
    return JSON.stringify({ ...envelope, errDlt: envelope.errMsg });
  });
}

export interface ObjectStorageOrigin {
  /** e.g. `http://127.0.0.1:41234`; object and upload URLs point under `<url>/api`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A second loopback origin standing in for MinIO: it serves the signed part PUTs and the stored objects
 * of the same {@link ObjectService}, with the CORS answers a bucket needs for browser uploads (any
 * origin, PUT, the ETag exposed). The API origin hands out URLs on this one.
 */
export async function startObjectStorageOrigin(
  service: ObjectService,
  deps: ObjectsDeps,
  host: string,
): Promise<ObjectStorageOrigin> {
  const storage = Fastify({ logger: false });
  storage.addHook('onRequest', (_req, reply, done) => {
    void reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'ETag');
    done();
  });
  storage.options('*', (_req, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, PUT, HEAD')
      .header('access-control-allow-headers', '*, content-type, content-md5')
      .header('access-control-max-age', '3600')
      .code(204)
      .send(),
  );
  await storage.register(objectsPlugin(service, deps), { prefix: '/api' });
  await storage.listen({ host, port: 0 });
  const address = storage.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const hostForUrl = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${port}`,
    close: () => storage.close(),
  };
}
