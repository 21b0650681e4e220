import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AccountService } from './accounts';
import { FailureWindow } from '../http/failure-window';
import { isLoopbackHost } from './config';
import type { ChatContext, ChatDeps } from './context';
import { toContext } from './context';
import { ok } from '../errors';
import { useEnvelope } from '../http/envelope';
import { ChatError, ErrCode, chatDialect } from './errors';
import { UserSearch } from './user-search';
import { UserService } from './users';
import { intLike, parseInput } from './validation';
import { WalletService } from './wallet';

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

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

const creditSchema = z.object({
  userID: z.string().min(1).max(64),
  amount: intLike,
  type: intLike.pipe(z.union([z.literal(0), z.literal(3)])).optional(),
  remark: z.string().max(100).optional(),
});
const withdrawSchema = z.object({
  userID: z.string().min(1).max(64),
  amount: intLike,
  remark: z.string().max(100).optional(),
});
const devCodeSchema = z.object({
  areaCode: z.string().max(8).optional(),
  phoneNumber: z.string().max(32).optional(),
  email: z.string().max(254).optional(),
});
const invalidateSchema = z.object({ userID: z.string().min(1).max(64) });
const invitationSchema = z.object({ codes: z.array(z.string().trim().min(4).max(32)).min(1).max(1000) });

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

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
    app.addHook('onClose', () => {
      clearInterval(timer);
      return Promise.resolve();
    });

    useEnvelope(app, chatDialect);

    // chat rejects a POST without an operationID; GETs are not checked.
    app.addHook('preHandler', (req, _reply, done) => {
      if (req.method === 'POST' && !header(req, 'operationID')) {
        done(new ChatError(ErrCode.Args, 'header must have operationID'));
        return;
      }
      done();
    });

    const chatUser = async (req: FastifyRequest): Promise<string> => {
      const token = header(req, 'token');
      if (!token) throw new ChatError(ErrCode.Args, 'token is empty');
      return (await accounts.verifyChatToken(token)).userID;
    };

    /** Wallet calls may carry the IM token (the client's default header) as well as the chat token. */
    const walletUser = async (req: FastifyRequest): Promise<string> => {
      const token = header(req, 'token');
      if (!token) throw new ChatError(ErrCode.Args, 'token is empty');
      try {
        return (await accounts.verifyChatToken(token)).userID;
      } catch (err) {
        const imUser = await ctx.im.verifyImToken(token);
        if (imUser) return imUser;
        throw err;
      }
    };

    // A wrong admin secret counts like a failed login of the address (spec section 8: 20005).
    const adminFailures = new FailureWindow(
      ctx.clock,
      ctx.config.loginFailureWindowSeconds * 1000,
      ctx.config.loginMaxFailuresPerIp,
    );
    const requireAdmin = (req: FastifyRequest): void => {
      const key = `ip:${req.ip}`;
      if (adminFailures.isBlocked(key))
        throw new ChatError(ErrCode.TooFrequent, 'too many wrong admin secrets from this address');
      const given = header(req, 'adminSecret') || header(req, 'x-admin-secret');
      if (!given || !safeEqual(given, ctx.config.adminSecret)) {
        adminFailures.record(key);
        throw new ChatError(ErrCode.NoPermission, 'admin secret required');
      }
    };

    const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

    // ---- accounts (public) ---------------------------------------------------------------
    app.post('/account/code/send', (req) => {
      accounts.sendCode(req.body, req.ip);
      return Promise.resolve(ok());
    });
    app.post('/account/code/verify', (req) => {
      accounts.verifyCode(req.body);
      return Promise.resolve(ok());
    });
    app.post('/account/register', async (req) => ok(await accounts.register(req.body)));
    app.post('/account/login', async (req) => ok(await accounts.login(req.body, req.ip)));
    app.post('/account/password/reset', async (req) => {
      await accounts.resetPassword(req.body);
      return ok();
    });
    app.post('/account/password/change', async (req) => {
      await accounts.changePassword(await chatUser(req), req.body);
      return ok();
    });

    // ---- users ---------------------------------------------------------------------------
    app.post('/user/find/full', async (req) => ok(users.findFull(await chatUser(req), req.body)));
    app.post('/user/update', async (req) => {
      await users.update(await chatUser(req), req.body);
      return ok();
    });
    app.post('/user/search/fuzzy', async (req) => ok(users.searchFuzzy(await chatUser(req), req.body)));
    // chat v1.8's searches (OpenIM's demo client adds friends through search/full).
    app.post('/user/search/full', async (req) => ok(search.searchFull(await chatUser(req), req.body)));
    app.post('/user/search/public', async (req) => ok(search.searchPublic(await chatUser(req), req.body)));
    app.post('/user/rtc/get_token', async (req) => ok(await users.rtcToken(await chatUser(req), req.body)));
    app.post('/friend/add', async (req) => {
      await users.friendAdd(await chatUser(req), req.body);
      return ok();
    });

    // ---- wallet --------------------------------------------------------------------------
    app.get('/app/user/balance/log/balance', async (req, reply) => {
      noStore(reply);
      return ok(wallet.balance(await walletUser(req)));
    });
    app.get('/app/user/balance/log/log', async (req, reply) => {
      noStore(reply);
      return ok(wallet.log(await walletUser(req), req.query));
    });
    app.post('/app/userinfo/setPayPassword', async (req) => {
      await wallet.setPayPassword(await walletUser(req), req.body);
      return ok();
    });
    app.post('/app/redbag/log/send', async (req) =>
      ok(await wallet.sendRedPacket(await walletUser(req), req.body, header(req, 'operationID'))),
    );
    const open = async (req: FastifyRequest, reply: FastifyReply) => {
      noStore(reply);
      const input = req.method === 'GET' ? req.query : req.body;
      return ok(wallet.openRedPacket(await walletUser(req), input));
    };
    app.get('/app/redbag/log/open', open);
    app.post('/app/redbag/log/open', open);

    // ---- dev ---------------------------------------------------------------------------
    // Dev mode (loopback hosts only) also hands the last code to loopback callers, so end-to-end tests
    // can register through the UI without scraping the log.
    app.get('/dev/verify-code', (req, reply) => {
      noStore(reply);
      if (!ctx.config.devMode || !isLoopbackHost(req.socket.remoteAddress ?? '')) {
        throw new ChatError(ErrCode.NoPermission, 'only available in dev mode from this machine');
      }
      const q = parseInput(devCodeSchema, req.query);
      const code = accounts.devCodeFor(q);
      if (!code) throw new ChatError(ErrCode.RecordNotFound, 'no code was sent to this account');
      return Promise.resolve(ok({ code }));
    });

    // ---- admin ---------------------------------------------------------------------------
    app.post('/admin/wallet/credit', (req) => {
      requireAdmin(req);
      const input = parseInput(creditSchema, req.body);
      return Promise.resolve(
        ok({ balance: wallet.credit(input.userID, input.amount, input.type ?? 3, input.remark ?? '') }),
      );
    });
    app.post('/admin/wallet/withdraw', (req) => {
      requireAdmin(req);
      const input = parseInput(withdrawSchema, req.body);
      return Promise.resolve(
        ok({ balance: wallet.withdraw(input.userID, input.amount, input.remark ?? '') }),
      );
    });
    // chat's admin InvalidateToken: drops the user's chat tokens only (the IM session stays), which a
    // real deployment also does when the token cache is flushed; the next chat call is refused.
    app.post('/admin/token/invalidate', (req) => {
      requireAdmin(req);
      const { userID } = parseInput(invalidateSchema, req.body);
      ctx.db.prepare('UPDATE chat_accounts SET token_epoch = token_epoch + 1 WHERE user_id = ?').run(userID);
      return Promise.resolve(ok());
    });
    app.post('/admin/invitation/add', (req) => {
      requireAdmin(req);
      accounts.createInvitationCodes(parseInput(invitationSchema, req.body).codes);
      return Promise.resolve(ok());
    });
    return Promise.resolve();
  };
}
