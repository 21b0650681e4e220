import Fastify, { type FastifyInstance } from 'fastify';
import { objectsPlugin, type ObjectsDeps } from './objects/plugin';
import type { ObjectService } from './objects/service';

/**
 * Compatibility profiles: `openim-3.8` answers as a real open-im-server v3.8.3 + chat v1.8 deployment
 * does wherever it differs from this server's own extensions, so the client (and its end-to-end tests)
 * can be run against "a real deployment" on one machine:
 * - no `/chat/app/*` (wallet, red packets), no `/chat/qrlogin/*` (QR sign-in) and no
 *   `/chat/user/search/fuzzy`: plain-text 404 as gin answers;
 * - uploads go to presigned URLs on a second loopback origin, as with MinIO or S3 (PUT with CORS);
 * - `/conversation/get_sorted_conversation_list` answers 1004 instead of an empty first page;
 * - `/chat/user/find/full` carries none of this server's own fields (pay password, create-group flag);
 * - a dropped chat token is refused with chat's 20101, not 1501;
 * - a chat login on the admin platform (10) gets OpenIM's 1002, not 1001;
 * - empty friend and joined-group pages carry `null`, not `[]`, as Go marshals an empty slice.
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

/** What gin answers for a route it does not have: HTTP 404, `text/plain`, no envelope. */
export function registerRealRouterNotFound(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS' || !LOCAL_ONLY_CHAT_ROUTES.test(req.url)) return;
    await reply.code(404).type('text/plain').send('404 page not found');
    return reply;
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
