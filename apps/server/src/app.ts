import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { registerImRoutes } from './api/routes';
import { TokenService, TokenState } from './auth/tokens';
import { resolveChatConfig } from './chat/config';
import { CHAT_MIGRATION_MODULE, chatMigrations } from './chat/migrations';
import { type ChatServices, chatPlugin, createChatServices } from './chat/plugin';
import type { ChatDeps } from './chat/context';
import type { ImFacade } from './chat/im-facade';
import { userAllowsFriendRequests } from './chat/users';
import { type ServerConfig, resolveConfig, tokenSecretFor } from './config';
import { startCheckpointer } from './db/checkpointer';
import { type Db, type MigrationModule, openDatabase, runMigrations } from './db/database';
import { coreMigrations } from './db/migrations';
import { apiDialect } from './api/mount';
import { useEnvelope } from './http/envelope';
import { routerErrors } from './http/framework-errors';
import { chatDialect } from './chat/errors';
import { mediaServerOrigins, registerStatic } from './http/static';
import { CoreContext } from './im/context';
import { ImError } from './im/errors';
import { createImFacade } from './im/facade';
import type { Operator } from './im/messages';
import { createWsHandlers, gatewaySink } from './im/ws-handlers';
import type { Gateway } from './wire/contract';
import { attachGateway } from './wire/gateway/attach';
import { resolveObjectLimits } from './objects/limits';
import { OBJECTS_MIGRATION_MODULE, objectMigrations } from './objects/migrations';
import { OBJECT_API_PATHS, createObjectService, objectsPlugin } from './objects/plugin';
import {
  type ObjectStorageOrigin,
  parseCompatProfile,
  registerRealErrorDetails,
  registerRealRouterNotFound,
  startObjectStorageOrigin,
} from './compat';

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
  gateway: Gateway;
  /** Paths of the OpenIM HTTP endpoints under `/api`. */
  apiPaths: readonly string[];
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const defaultWebDir = resolve(here, '../../web/dist');
const serverVersion =
  (JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as { version?: string }).version ??
  '0.0.0';

/** One log line per request drowns everything else: request logs only with --verbose. */
export function requestLogController(verbose: boolean): LogController {
  return new LogController({ disableRequestLogging: !verbose });
}

/** The APIs by mount point, in the dialect of their envelope. */
const API_MOUNTS = { '/api': apiDialect, '/chat': chatDialect };

/** What a composition root may write into before the server listens (the seed, `src/seed`). */
export interface ServerParts {
  config: ServerConfig;
  core: CoreContext;
  im: ImFacade;
  chatDeps: ChatDeps;
  chatServices: ChatServices;
  log: FastifyInstance['log'];
}

export interface ServerHooks {
  /** Runs after every route is registered and before the listener opens, so no client sees a half-seeded store. */
  beforeListen?(parts: ServerParts): Promise<void>;
}

/**
 * Builds and starts the whole server on one listener. Pass `{ memory: true, port: 0 }` in tests. The running
 * server knows nothing of seed data: `--seed` is carried out by `src/seed/server.ts`, through `hooks`.
 */
export async function createServer(
  partial: Partial<ServerConfig> = {},
  hooks: ServerHooks = {},
): Promise<RunningServer> {
  const config = resolveConfig(partial);
  if (config.seed && !hooks.beforeListen)
    throw new Error(
      `--seed ${config.seed} needs the seeding entry point (createServer of src/seed/server.ts)`,
    );
  const compat = parseCompatProfile(config.compat);
  let storageOrigin: ObjectStorageOrigin | undefined;
  const db = openDatabase({ memory: config.memory, dataDir: config.dataDir });
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: requestLogController(config.verbose),
    bodyLimit: config.maxBodyBytes,
    requestIdHeader: 'operationid',
    genReqId: () => randomUUID(),
    forceCloseConnections: true,
    frameworkErrors: routerErrors(API_MOUNTS),
  });
  const checkpointer = config.memory
    ? undefined
    : startCheckpointer(db, db.name, {
        onError: (message) =>
          app.log.warn({ err: message }, 'WAL checkpoint worker failed; checkpoints run on the main thread'),
      });
  try {
    const modules: MigrationModule[] = [
      { module: 'core', migrations: coreMigrations },
      { module: CHAT_MIGRATION_MODULE, migrations: chatMigrations },
      { module: OBJECTS_MIGRATION_MODULE, migrations: objectMigrations },
    ];
    runMigrations(db, modules);
    const tokenSecret = tokenSecretFor(config);
    const tokens = new TokenService(db, tokenSecret, config.now);
    const core = new CoreContext(db, config.now, app.log, {
      friendVerification: config.friendVerification,
      maxContentBytes: config.maxContentBytes,
      friendAcceptedChatCopy: config.friendAcceptedChatCopy,
      acceptsFriendRequests: (userID) => userAllowsFriendRequests(db, userID),
    });
    const authenticate = async (token: string): Promise<Operator> => {
      const claims = await tokens.verify(token);
      return {
        userID: claims.userID,
        platformID: claims.platformID,
        isAdmin: config.adminUserIDs.includes(claims.userID),
      };
    };

    /** Ends sessions whose token became unusable: without 2002 where possible, so the SDK reconnects and learns 1501. */
    const endSessions = (userID: string, platformID: number | undefined, reason: 'kicked' | 'revoked') => {
      if (reason === 'revoked' && gateway.disconnect) gateway.disconnect(userID, platformID);
      else gateway.kick(userID, platformID);
    };
    const gateway: Gateway = attachGateway(app, {
      verifyToken: async (token) => {
        try {
          const c = await tokens.verify(token);
          return {
            userID: c.userID,
            platformID: c.platformID,
            ...(c.issuedAtMs === undefined ? {} : { issuedAtMs: c.issuedAtMs }),
          };
        } catch (err) {
          if (err instanceof ImError) return { errCode: err.code, errMsg: err.message };
          throw err;
        }
      },
      handlers: createWsHandlers(core),
      logger: app.log,
      options: { multiLoginPolicy: config.multiLoginPolicy },
      onTokenKicked: ({ token }) => tokens.setTokenState(token, TokenState.Kicked),
    });
    core.setPushSink(gatewaySink(gateway));
    // Tokens are only checked at the handshake; this sweep ends sessions whose token expired since.
    let lastPrune = config.now();
    const expiryTimer = setInterval(() => {
      if (config.now() - lastPrune > 3_600_000) {
        lastPrune = config.now();
        tokens.prune();
      }
      const nowSec = config.now() / 1000;
      for (const session of gateway.sessions()) {
        // The token was verified at the handshake; only its time can have run out since.
        if (!session.token || tokens.expiresAt(session.token) > nowSec) continue;
        app.log.info(
          { userID: session.userID, platformID: session.platformID },
          'token expired, ending session',
        );
        if (gateway.disconnect) gateway.disconnect(session.userID, session.platformID, session.token);
        else gateway.kick(session.userID, session.platformID);
      }
    }, config.tokenCheckIntervalMs);
    expiryTimer.unref();

    const im = createImFacade({
      core,
      tokens,
      tokenExpireSeconds: config.tokenExpireSeconds,
      kickSessions: (userID) => endSessions(userID, undefined, 'revoked'),
    });
    const chatConfig = resolveChatConfig(
      { adminSecret: config.adminSecret, realChatAnswers: compat === 'openim-3.8', ...config.chat },
      { host: config.host, fallbackSecret: tokenSecret },
    );
    const chatDeps = {
      db,
      im,
      config: chatConfig,
      logger: app.log,
      clock: { now: config.now },
      announce: config.announce,
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
    const schema = Object.fromEntries(
      db
        .prepare<[], { module: string; version: number }>(
          'SELECT module, MAX(version) AS version FROM schema_migrations GROUP BY module',
        )
        .all()
        .map((r) => [r.module, r.version]),
    );
    app.get('/healthz', () => ({
      status: 'ok',
      ready: true,
      version: serverVersion,
      openim: { server: '3.8.3', sdk: '3.8.3-patch.13' },
      schema,
      time: config.now(),
    }));
    // Uploads (`/api/object/*`, `/api/object-upload/*`), bytes in memory or under <data-dir>/objects.
    const objectDeps = {
      db,
      authenticate,
      now: config.now,
      limits: resolveObjectLimits({
        maxObjectBytes: config.objectMaxBytes,
        partSize: config.objectPartSize,
        allowedTypes: config.objectAllowedTypes,
        deniedTypes: config.objectDeniedTypes,
        publicBaseUrl: config.objectBaseUrl,
      }),
      storage: config.memory
        ? { memory: true as const }
        : { memory: false as const, dataDir: config.dataDir },
    };
    const objectService = createObjectService(objectDeps);
    const realDeployment = compat === 'openim-3.8';
    if (realDeployment) {
      // Like MinIO next to a real OpenIM: uploads and files live on another origin.
      storageOrigin = await startObjectStorageOrigin(objectService, objectDeps, config.host);
      objectDeps.limits = { ...objectDeps.limits, publicBaseUrl: `${storageOrigin.url}/api` };
      registerRealRouterNotFound(app);
      registerRealErrorDetails(app);
    }

    // Before the API plugins, so its navigation hook also covers the web app's /chat routes.
    const webDir = config.webDir || defaultWebDir;
    // The page reaches the object storage (compat profile) and the LiveKit server it is handed for calls
    // directly, so the CSP must allow both.
    if (existsSync(join(webDir, 'index.html'))) {
      await registerStatic(app, webDir, {
        apis: API_MOUNTS,
        connectSources: [
          ...(storageOrigin ? [storageOrigin.url] : []),
          ...mediaServerOrigins(chatConfig.liveKitUrl),
        ],
      });
    }

    const apiPaths: string[] = [];
    await app.register(
      (api, _opts, done) => {
        useEnvelope(api, apiDialect);
        apiPaths.push(
          ...registerImRoutes(api, {
            ctx: core,
            tokens,
            config,
            authenticate,
            onTokensInvalidated: endSessions,
          }),
        );
        done();
      },
      { prefix: '/api' },
    );

    await app.register(objectsPlugin(objectService, objectDeps), { prefix: '/api' });
    apiPaths.push(...OBJECT_API_PATHS);

    const chatServices = createChatServices(chatDeps);
    await app.register(chatPlugin(chatDeps, chatServices), { prefix: '/chat' });
    await hooks.beforeListen?.({ config, core, im, chatDeps, chatServices, log: app.log });

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
      gateway,
      apiPaths,
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(expiryTimer);
        await gateway.closeAll();
        await app.close();
        await storageOrigin?.close();
        await checkpointer?.stop();
        db.close();
      },
    };
  } catch (err) {
    await app.close().catch(() => {});
    await storageOrigin?.close().catch(() => {});
    await checkpointer?.stop();
    db.close();
    throw err;
  }
}
