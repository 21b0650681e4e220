import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TokenService } from '../auth/tokens';
import type { ServerConfig } from '../config';
import { TOO_FREQUENT } from '../errors';
import { AdminSecret } from '../http/admin-secret';
import { defineRoute } from '../http/route';

import type { CoreContext } from '../im/context';

import { ErrCode, ImError, noPermission } from '../im/errors';
import type * as msgs from '../im/messages';
import { getUser } from '../im/models';
import { notify } from '../im/notifications';

import * as users from '../im/users';

import { registerConversationAndMessageRoutes } from './messages';
import { registerFriendRoutes } from './friends';
import { registerGroupRoutes } from './groups';
import { type Authenticate, apiMount } from './mount';
import { type Route, idList, platformID, text, userID, wrapped } from './schemas';

export interface ApiDeps {
  ctx: CoreContext;
  tokens: TokenService;
  config: ServerConfig;
  authenticate: Authenticate;
  /** Disconnects live sessions after tokens were revoked or kicked. */
  onTokensInvalidated(userID: string, platformID: number | undefined, reason: 'kicked' | 'revoked'): void;
}

/** OpenIM's admin platform: `get_admin_token` issues it, `get_user_token` refuses it. */
const ADMIN_PLATFORM_ID = 10;

/** Registers every `/api` endpoint; returns their paths (for docs and tests). */
export function registerImRoutes(app: FastifyInstance, deps: ApiDeps): string[] {
  const { ctx, tokens, config, authenticate } = deps;
  const paths: string[] = [];
  const mount = apiMount(authenticate);
  const route: Route = (path, schema, handler, auth = 'user') => {
    paths.push(path);
    defineRoute(app, mount, { path, schema, auth, handler });
  };
  const notifier: msgs.NotifyFn = (fx, n) => notify(ctx, fx, n);

  // ---- auth ----
  const adminSecret = new AdminSecret({
    secret: config.adminSecret,
    clock: { now: ctx.now },
    windowMs: 15 * 60_000,
    maxFailures: config.adminMaxFailuresPerIp,
  });
  route(
    '/auth/get_admin_token',
    z.object({ secret: z.string().max(256), userID }),
    (b, c) => {
      const verdict = adminSecret.check(b.secret, c.ip);
      if (verdict === 'blocked')
        throw new ImError(TOO_FREQUENT, 'too many wrong admin secrets from this address, try again later');
      if (verdict === 'refused') throw noPermission('wrong admin secret');
      if (!config.adminUserIDs.includes(b.userID)) throw noPermission(`${b.userID} is not an admin user`);
      return tokens.issue(b.userID, ADMIN_PLATFORM_ID, config.tokenExpireSeconds);
    },
    'none',
  );
  route(
    '/auth/get_user_token',
    z.object({ platformID, userID }),
    (b) => {
      // As open-im-server: the admin platform's tokens come from get_admin_token only.
      if (b.platformID === ADMIN_PLATFORM_ID)
        throw noPermission('platformID invalid. platformID must not be adminPlatformID');
      if (!getUser(ctx.db, b.userID)) throw new ImError(ErrCode.UserIDNotFound, `user ${b.userID} not found`);
      return tokens.issue(b.userID, b.platformID, config.tokenExpireSeconds);
    },
    'admin',
  );
  route(
    '/auth/parse_token',
    z.object({ token: z.string().min(1).max(4096) }),
    async (b) => {
      const c = await tokens.verify(b.token);
      return { userID: c.userID, platformID: c.platformID, expireTimeSeconds: c.exp };
    },
    'none',
  );
  route(
    '/auth/force_logout',
    z.object({ platformID: platformID.nullish(), userID }),
    (b) => {
      tokens.setState(b.userID, b.platformID ?? undefined, 2);
      deps.onTokensInvalidated(b.userID, b.platformID ?? undefined, 'kicked');
      return {};
    },
    'admin',
  );
  route(
    '/auth/revoke_token',
    z.object({ platformID: platformID.nullish(), userID }),
    (b) => {
      tokens.setState(b.userID, b.platformID ?? undefined, 1);
      deps.onTokensInvalidated(b.userID, b.platformID ?? undefined, 'revoked');
      return {};
    },
    'admin',
  );

  // ---- user ----
  const userInfoSchema = z.object({
    userID,
    nickname: text(256),
    faceURL: text(1024),
    ex: text(4096),
  });
  route(
    '/user/user_register',
    z.object({ users: z.array(userInfoSchema).min(1).max(1000) }),
    (b) => {
      users.registerUsers(ctx, b.users);
      return {};
    },
    'admin',
  );
  route('/user/get_users_info', z.object({ userIDs: idList() }), (b) => ({
    usersInfo: users.getUsersInfo(ctx, b.userIDs),
  }));
  route(
    '/user/update_user_info_ex',
    z.object({
      userInfo: z.object({
        userID,
        nickname: wrapped(z.string().max(256)),
        faceURL: wrapped(z.string().max(1024)),
        ex: wrapped(z.string().max(4096)),
        globalRecvMsgOpt: wrapped(z.number().int()),
      }),
    }),
    (b, c) => {
      users.updateUserInfo(ctx, c.caller, b.userInfo);
      return {};
    },
  );
  route(
    '/user/update_user_info',
    z.object({
      userInfo: z.object({
        userID,
        nickname: z.string().max(256).nullish(),
        faceURL: z.string().max(1024).nullish(),
        ex: z.string().max(4096).nullish(),
        globalRecvMsgOpt: z.number().int().nullish(),
      }),
    }),
    (b, c) => {
      // The legacy endpoint treats empty strings as "unchanged".
      const u = b.userInfo;
      users.updateUserInfo(ctx, c.caller, {
        userID: u.userID,
        nickname: u.nickname || null,
        faceURL: u.faceURL || null,
        ex: u.ex || null,
        globalRecvMsgOpt: u.globalRecvMsgOpt ?? null,
      });
      return {};
    },
  );
  route('/user/process_user_command_get_all', z.object({ userID }), () => ({ CommandResp: [] }));

  const realLists = config.compat === 'openim-3.8';
  registerFriendRoutes(route, ctx, realLists);
  registerConversationAndMessageRoutes(route, ctx, notifier, config);
  registerGroupRoutes(route, ctx, realLists);

  return paths;
}
