import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  sendCodeSchema,
  verifyCodeSchema,
} from './account-schemas';
import { AccountService } from './accounts';
import { AdminSecret } from '../http/admin-secret';
import { type RouteSpec, defineRoute, header } from '../http/route';
import { isLoopbackHost } from './config';
import type { ChatContext, ChatDeps } from './context';
import { toContext } from './context';
import { useEnvelope } from '../http/envelope';
import { ChatError, ErrCode, chatDialect } from './errors';
import { type ChatAuth, chatMount } from './mount';
import {
  UserSearch,
  fullSchema as fullSearchSchema,
  publicSchema as publicSearchSchema,
} from './user-search';
import { findFullSchema, friendAddSchema, rtcSchema, searchSchema, updateSchema } from './user-schemas';
import { UserService } from './users';
import { jsonInt } from './validation';
import { detailSchema } from './red-packet-detail';
import { QrLoginService, qrCodeSchema, qrCreateSchema, qrWaitSchema } from './qr-login';
import { WalletService } from './wallet';
import { openSchema, pageSchema, sendSchema, setPayPasswordSchema } from './wallet-schemas';

export type { ChatDeps } from './context';

export interface ChatServices {
  ctx: ChatContext;
  accounts: AccountService;
  users: UserService;
  search: UserSearch;
  wallet: WalletService;
}

export function createChatServices(deps: ChatDeps): ChatServices {
  const ctx = toContext(deps);
  const accounts = new AccountService(ctx);
  return {
    ctx,
    accounts,
    users: new UserService(ctx, accounts),
    search: new UserSearch(ctx),
    wallet: new WalletService(ctx),
  };
}

const creditSchema = z.object({
  userID: z.string().min(1).max(64),
  amount: jsonInt,
  type: jsonInt.pipe(z.union([z.literal(0), z.literal(3)])).optional(),
  remark: z.string().max(100).optional(),
});
const withdrawSchema = z.object({
  userID: z.string().min(1).max(64),
  amount: jsonInt,
  remark: z.string().max(100).optional(),
});
const devCodeSchema = z.object({
  areaCode: z.string().max(8).optional(),
  phoneNumber: z.string().max(32).optional(),
  email: z.string().max(254).optional(),
});
const invalidateSchema = z.object({ userID: z.string().min(1).max(64) });
const invitationSchema = z.object({ codes: z.array(z.string().trim().min(4).max(32)).min(1).max(1000) });

/**
 * The chat API as a Fastify 5 plugin; the CORE mounts it under `/chat`. Every answer is HTTP 200
 * with chat's envelope `{errCode, errMsg, errDlt, data}`. `services` may be passed to share them
 * with tests or the seed; otherwise they are created from `deps`.
 */
export function chatPlugin(
  deps: ChatDeps,
  services: ChatServices = createChatServices(deps),
): FastifyPluginAsync {
  const { ctx, accounts, users, search, wallet } = services;

  return async (app: FastifyInstance) => {
    const sweep = () => {
      try {
        const n = wallet.sweepExpired();
        if (n > 0) ctx.logger.info({ expired: n }, 'expired red packets refunded');
      } catch (err) {
        ctx.logger.error({ err }, 'red packet sweep failed');
      }
    };
    const timer = setInterval(sweep, ctx.config.sweepIntervalSeconds * 1000);
    timer.unref();
    // Sign-in by QR code (our own endpoints, docs/server.md): a new session as any sign-in makes one.
    const qr = new QrLoginService(ctx, {
      codeTtlMs: ctx.config.qrCodeSeconds * 1000,
      waitMs: ctx.config.qrWaitSeconds * 1000,
      createsPerIp: ctx.config.qrCodesPerIp,
      guessesPerIp: ctx.config.loginMaxFailuresPerIp,
      issueTokens: (userID, platform) => accounts.issueTokens(userID, platform),
    });
    app.addHook('onClose', () => {
      clearInterval(timer);
      qr.close();
      return Promise.resolve();
    });

    useEnvelope(app, chatDialect);

    // A wrong admin secret counts like a failed login of the address (spec section 8: 20005).
    const adminSecret = new AdminSecret({
      secret: ctx.config.adminSecret,
      clock: ctx.clock,
      windowMs: ctx.config.loginFailureWindowSeconds * 1000,
      maxFailures: ctx.config.loginMaxFailuresPerIp,
    });
    const mount = chatMount({
      async user(token) {
        return (await accounts.verifyChatToken(token)).userID;
      },
      /** Wallet calls may carry the IM token (the client's default header) as well as the chat token. */
      async wallet(token) {
        try {
          return (await accounts.verifyChatToken(token)).userID;
        } catch (err) {
          const imUser = await ctx.im.verifyImToken(token);
          if (imUser) return imUser;
          throw err;
        }
      },
      admin(req) {
        // A missing or empty header presents no secret, which never matches, whatever the configured one.
        const given = header(req, 'adminSecret') || header(req, 'x-admin-secret') || undefined;
        const verdict = adminSecret.check(given, req.ip);
        if (verdict === 'blocked')
          throw new ChatError(ErrCode.TooFrequent, 'too many wrong admin secrets from this address');
        if (verdict === 'refused') throw new ChatError(ErrCode.NoPermission, 'admin secret required');
      },
      // Dev mode (loopback hosts only) also hands the last code to loopback callers, so end-to-end tests
      // can register through the UI without scraping the log.
      dev(req) {
        if (!ctx.config.devMode || !isLoopbackHost(req.socket.remoteAddress ?? ''))
          throw new ChatError(ErrCode.NoPermission, 'only available in dev mode from this machine');
      },
    });
    const route = <S extends z.ZodType>(spec: RouteSpec<S, ChatAuth, string>) =>
      defineRoute(app, mount, spec);

    // ---- accounts (public) ---------------------------------------------------------------
    route({
      path: '/account/code/send',
      auth: 'none',
      schema: sendCodeSchema,
      handler: (input, c) => accounts.sendCode(input, c.ip),
    });
    route({
      path: '/account/code/verify',
      auth: 'none',
      schema: verifyCodeSchema,
      handler: (input) => accounts.verifyCode(input),
    });
    route({
      path: '/account/register',
      auth: 'none',
      schema: registerSchema,
      handler: (input) => accounts.register(input),
    });
    route({
      path: '/account/login',
      auth: 'none',
      schema: loginSchema,
      handler: (input, c) => accounts.login(input, c.ip),
    });
    route({
      path: '/account/password/reset',
      auth: 'none',
      schema: resetSchema,
      handler: (input) => accounts.resetPassword(input),
    });
    route({
      path: '/account/password/change',
      auth: 'user',
      schema: changePasswordSchema,
      handler: (input, c) => accounts.changePassword(c.caller, input),
    });

    // ---- users ---------------------------------------------------------------------------
    route({
      path: '/user/find/full',
      auth: 'user',
      schema: findFullSchema,
      handler: (input, c) => users.findFull(c.caller, input),
    });
    route({
      path: '/user/update',
      auth: 'user',
      schema: updateSchema,
      handler: (i, c) => users.update(c.caller, i),
    });
    route({
      path: '/user/search/fuzzy',
      auth: 'user',
      schema: searchSchema,
      handler: (input, c) => users.searchFuzzy(c.caller, input),
    });
    // chat v1.8's searches (OpenIM's demo client adds friends through search/full).
    route({
      path: '/user/search/full',
      auth: 'user',
      schema: fullSearchSchema,
      handler: (input, c) => search.searchFull(c.caller, input),
    });
    route({
      path: '/user/search/public',
      auth: 'user',
      schema: publicSearchSchema,
      handler: (input, c) => search.searchPublic(c.caller, input),
    });
    route({
      path: '/user/rtc/get_token',
      auth: 'user',
      schema: rtcSchema,
      handler: (input, c) => users.rtcToken(c.caller, input),
    });
    route({
      path: '/friend/add',
      auth: 'user',
      schema: friendAddSchema,
      handler: (input, c) => users.friendAdd(c.caller, input),
    });

    // ---- sign-in by QR code -------------------------------------------------------------
    route({
      path: '/qrlogin/create',
      auth: 'none',
      schema: qrCreateSchema,
      noStore: true,
      handler: (input, c) => qr.create(input, c.ip),
    });
    route({
      path: '/qrlogin/wait',
      auth: 'none',
      schema: qrWaitSchema,
      noStore: true,
      handler: (input, c) => qr.wait(input, c.ip),
    });
    route({
      path: '/qrlogin/scan',
      auth: 'user',
      schema: qrCodeSchema,
      handler: (input, c) => qr.scan(c.caller, input.code, c.ip),
    });
    route({
      path: '/qrlogin/confirm',
      auth: 'user',
      schema: qrCodeSchema,
      handler: (input, c) => qr.confirm(c.caller, input.code, c.ip),
    });
    route({
      path: '/qrlogin/cancel',
      auth: 'user',
      schema: qrCodeSchema,
      handler: (input, c) => qr.cancel(c.caller, input.code, c.ip),
    });

    // ---- wallet --------------------------------------------------------------------------
    route({
      method: 'GET',
      path: '/app/user/balance/log/balance',
      auth: 'wallet',
      schema: z.object({}).passthrough(),
      noStore: true,
      handler: (_input, c) => wallet.balance(c.caller),
    });
    route({
      method: 'GET',
      path: '/app/user/balance/log/log',
      auth: 'wallet',
      schema: pageSchema,
      noStore: true,
      handler: (input, c) => wallet.log(c.caller, input),
    });
    route({
      path: '/app/userinfo/setPayPassword',
      auth: 'wallet',
      schema: setPayPasswordSchema,
      handler: (input, c) => wallet.setPayPassword(c.caller, input),
    });
    route({
      path: '/app/redbag/log/send',
      auth: 'wallet',
      schema: sendSchema,
      handler: (input, c) => wallet.sendRedPacket(c.caller, input, c.operationID),
    });
    route({
      method: ['GET', 'POST'],
      path: '/app/redbag/log/open',
      auth: 'wallet',
      schema: openSchema,
      noStore: true,
      handler: (input, c) => wallet.openRedPacket(c.caller, input),
    });
    // Who received what from a red packet (our own call, docs/spec-deviations.md)
    route({
      method: 'GET',
      path: '/app/redbag/log/detail',
      auth: 'wallet',
      schema: detailSchema,
      noStore: true,
      handler: (input, c) => wallet.redPacketDetail(c.caller, input),
    });

    // ---- dev ---------------------------------------------------------------------------
    route({
      method: 'GET',
      path: '/dev/verify-code',
      auth: 'dev',
      schema: devCodeSchema,
      noStore: true,
      handler: (input) => {
        const code = accounts.devCodeFor(input);
        if (!code) throw new ChatError(ErrCode.RecordNotFound, 'no code was sent to this account');
        return { code };
      },
    });

    // ---- admin ---------------------------------------------------------------------------
    route({
      path: '/admin/wallet/credit',
      auth: 'admin',
      schema: creditSchema,
      handler: (i) => ({ balance: wallet.credit(i.userID, i.amount, i.type ?? 3, i.remark ?? '') }),
    });
    route({
      path: '/admin/wallet/withdraw',
      auth: 'admin',
      schema: withdrawSchema,
      handler: (i) => ({ balance: wallet.withdraw(i.userID, i.amount, i.remark ?? '') }),
    });
    // chat's admin InvalidateToken: drops the user's chat tokens only (the IM session stays), which a
    // real deployment also does when the token cache is flushed; the next chat call is refused.
    route({
      path: '/admin/token/invalidate',
      auth: 'admin',
      schema: invalidateSchema,
      handler: ({ userID }) => {
        ctx.db
          .prepare('UPDATE chat_accounts SET token_epoch = token_epoch + 1 WHERE user_id = ?')
          .run(userID);
      },
    });
    route({
      path: '/admin/invitation/add',
      auth: 'admin',
      schema: invitationSchema,
      handler: ({ codes }) => accounts.createInvitationCodes(codes),
    });
    return Promise.resolve();
  };
}
