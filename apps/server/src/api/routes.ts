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
  const route: Route = (spec) => {
    paths.push(spec.path);
    defineRoute(app, mount, spec);
  };
  const notifier: msgs.NotifyFn = (fx, n) => notify(ctx, fx, n);

  // ---- auth ----
  const adminSecret = new AdminSecret({
    secret: config.adminSecret,
    clock: { now: ctx.now },
    windowMs: 15 * 60_000,
    maxFailures: config.adminMaxFailuresPerIp,
  });
  route({
    path: '/auth/get_admin_token',
    auth: 'none',
    schema: z.object({ secret: z.string().max(256), userID }),
    handler: (b, c) => {
      const verdict = adminSecret.check(b.secret, c.ip);
      if (verdict === 'blocked')
        throw new ImError(TOO_FREQUENT, 'too many wrong admin secrets from this address, try again later');
      if (verdict === 'refused') throw noPermission('wrong admin secret');
      if (!config.adminUserIDs.includes(b.userID)) throw noPermission(`${b.userID} is not an admin user`);
      return tokens.issue(b.userID, ADMIN_PLATFORM_ID, config.tokenExpireSeconds);
    },
  });
  route({
    path: '/auth/get_user_token',
    auth: 'admin',
    schema: z.object({ platformID, userID }),
    handler: (b) => {
      // As open-im-server: the admin platform's tokens come from get_admin_token only.
      if (b.platformID === ADMIN_PLATFORM_ID)
        throw noPermission('platformID invalid. platformID must not be adminPlatformID');
      if (!getUser(ctx.db, b.userID)) throw new ImError(ErrCode.UserIDNotFound, `user ${b.userID} not found`);
      return tokens.issue(b.userID, b.platformID, config.tokenExpireSeconds);
    },
  });
  route({
    path: '/auth/parse_token',
    auth: 'none',
    schema: z.object({ token: z.string().min(1).max(4096) }),
    handler: async (b) => {
      const c = await tokens.verify(b.token);
      return { userID: c.userID, platformID: c.platformID, expireTimeSeconds: c.exp };
    },
  });
  route({
    path: '/auth/force_logout',
    auth: 'admin',
    schema: z.object({ platformID: platformID.nullish(), userID }),
    handler: (b) => {
      tokens.setState(b.userID, b.platformID ?? undefined, 2);
      deps.onTokensInvalidated(b.userID, b.platformID ?? undefined, 'kicked');
      return {};
    },
  });
  route({
    path: '/auth/revoke_token',
    auth: 'admin',
    schema: z.object({ platformID: platformID.nullish(), userID }),
    handler: (b) => {
      tokens.setState(b.userID, b.platformID ?? undefined, 1);
      deps.onTokensInvalidated(b.userID, b.platformID ?? undefined, 'revoked');
      return {};
    },
  });

  // ---- user ----
  const userInfoSchema = z.object({
    userID,
    nickname: text(256),
    faceURL: text(1024),
    ex: text(4096),
  });
  route({
    path: '/user/user_register',
    auth: 'admin',
    schema: z.object({ users: z.array(userInfoSchema).min(1).max(1000) }),
    handler: (b) => {
      users.registerUsers(ctx, b.users);
      return {};
    },
  });
  route({
    path: '/user/get_users_info',
    auth: 'user',
    schema: z.object({ userIDs: idList() }),
    handler: (b) => ({
      usersInfo: users.getUsersInfo(ctx, b.userIDs),
    }),
  });
  route({
    path: '/user/update_user_info_ex',
    auth: 'user',
    schema: z.object({
      userInfo: z.object({
        userID,
        nickname: wrapped(z.string().max(256)),
        faceURL: wrapped(z.string().max(1024)),
        ex: wrapped(z.string().max(4096)),
        globalRecvMsgOpt: wrapped(z.number().int()),
      }),
    }),
    handler: (b, c) => {
      users.updateUserInfo(ctx, c.caller, b.userInfo);
      return {};
    },
  });
  route({
    path: '/user/update_user_info',
    auth: 'user',
    schema: z.object({
      userInfo: z.object({
        userID,
        nickname: z.string().max(256).nullish(),
        faceURL: z.string().max(1024).nullish(),
        ex: z.string().max(4096).nullish(),
        globalRecvMsgOpt: z.number().int().nullish(),
      }),
    }),
    handler: (b, c) => {
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
  });
  route({
    path: '/user/process_user_command_get_all',
    auth: 'user',
    schema: z.object({ userID }),
    handler: () => ({ CommandResp: [] }),
  });

  const realLists = config.compat === 'openim-3.8';
  registerFriendRoutes(route, ctx, realLists);
  registerConversationAndMessageRoutes(route, ctx, notifier, config);
  registerGroupRoutes(route, ctx, realLists);

  return paths;
}
