import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerImRoutes } from './api/routes';
import { TokenService } from './auth/tokens';
import { type ServerConfig, resolveConfig, tokenSecretFor } from './config';
import { type Db, type MigrationModule, openDatabase, runMigrations } from './db/database';
import { coreMigrations } from './db/migrations';
import { envelopeErrorHandler, fail } from './http/api';
import { registerStatic } from './http/static';
import { CoreContext } from './im/context';
import { ErrCode, ImError } from './im/errors';
import type { Operator } from './im/messages';

export interface RunningServer {
  /** `http://host:port` */
  url: string;
  /** `http://host:port/api`, the SDK's apiAddr. */
  apiUrl: string;
  /** `ws://host:port/ws`, the SDK's wsAddr. */
  wsUrl: string;
  host: string;
  port: number;
  config: ServerConfig;
  db: Db;
  app: FastifyInstance;
  core: CoreContext;
  tokens: TokenService;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const defaultWebDir = resolve(here, '../../web/dist');

/** Builds and starts the whole server on one listener. Pass `{ memory: true, port: 0 }` in tests. */
export async function createServer(partial: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config = resolveConfig(partial);
  const db = openDatabase({ memory: config.memory, dataDir: config.dataDir });
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.maxBodyBytes,
    requestIdHeader: 'operationid',
    genReqId: () => randomUUID(),
    forceCloseConnections: true,
  });
  try {
    const modules: MigrationModule[] = [{ module: 'core', migrations: coreMigrations }];
    runMigrations(db, modules);
    const tokens = new TokenService(db, tokenSecretFor(config), config.now);
    const core = new CoreContext(db, config.now, app.log, {
      friendVerification: config.friendVerification,
      maxContentBytes: config.maxContentBytes,
      friendAcceptedChatCopy: config.friendAcceptedChatCopy,
    });
    const authenticate = (token: string): Operator => {
      const claims = tokens.verify(token);
      return {
        userID: claims.userID,
        platformID: claims.platformID,
        isAdmin: config.adminUserIDs.includes(claims.userID),
      };
    };

    // CORS for cross-origin clients: every preflight is answered, with a long max-age.
    app.addHook('onRequest', (_req, reply, done) => {
      void reply.header('access-control-allow-origin', '*');
      done();
    });
    app.options('*', (_req, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header('access-control-allow-headers', '*, token, operationID, content-type, authorization')
        .header('access-control-max-age', '172800')
        .code(204)
        .send(),
    );
    app.get('/healthz', () => ({ status: 'ok', time: config.now() }));

    await app.register(
      (api, _opts, done) => {
        api.setErrorHandler(envelopeErrorHandler);
        api.setNotFoundHandler((req, reply) => {
          void reply.code(404).send(fail(ErrCode.Args, `unknown endpoint ${req.method} ${req.url}`));
        });
        registerImRoutes(api, {
          ctx: core,
          tokens,
          config,
          authenticate,
          onTokensInvalidated: () => {},
        });
        done();
      },
      { prefix: '/api' },
    );

    const webDir = config.webDir || defaultWebDir;
    if (existsSync(join(webDir, 'index.html'))) registerStatic(app, webDir);

    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const hostForUrl = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${port}`;
    let closed = false;
    return {
      url,
      apiUrl: `${url}/api`,
      wsUrl: `${url.replace(/^http/, 'ws')}/ws`,
      host: config.host,
      port,
      config,
      db,
      app,
      core,
      tokens,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        db.close();
      },
    };
  } catch (err) {
    await app.close().catch(() => {});
    db.close();
    throw err;
  }
}

export { ImError };
