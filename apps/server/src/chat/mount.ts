import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../errors';
import { type ApiMount, header } from '../http/route';
import { ChatError, ErrCode, argsError, chatDialect } from './errors';

/** Who may call a `/chat` route: anyone, a chat token, a chat or IM token (wallet), the admin secret, dev mode. */
export type ChatAuth = 'none' | 'user' | 'wallet' | 'admin' | 'dev';

export interface ChatAuthenticators {
  /** The userID of a chat token; rejects with chat's token codes. */
  user(token: string): Promise<string>;
  /** The userID of a chat or IM token. */
  wallet(token: string): Promise<string>;
  /** Throws unless the request carries the admin secret. */
  admin(req: FastifyRequest): void;
  /** Throws unless dev mode serves this caller. */
  dev(req: FastifyRequest): void;
}

/** chat names the first problem only: `field: message`. */
function describeZodError(err: z.ZodError): string {
  const issue = err.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'body';
  return `${path}: ${issue?.message ?? 'invalid'}`;
}

/**
 * `/chat`'s conventions for `defineRoute`: a POST carries an operationID (GETs are not checked, as in chat);
 * the caller is a userID (`''` where no token is needed); refusals in chat's words; a success without data
 * answers no `data` at all.
 */
export function chatMount(auth: ChatAuthenticators): ApiMount<ChatAuth, string> {
  const token = (req: FastifyRequest): string => {
    const t = header(req, 'token');
    if (!t) throw new ChatError(ErrCode.Args, 'token is empty');
    return t;
  };
  return {
    dialect: chatDialect,
    requiresOperationID: (method) => method === 'POST',
    authenticate(mode, req) {
      switch (mode) {
        case 'none':
          return '';
        case 'user':
          return auth.user(token(req));
        case 'wallet':
          return auth.wallet(token(req));
        case 'admin':
          auth.admin(req);
          return '';
        case 'dev':
          auth.dev(req);
          return '';
      }
    },
    invalidInput: (err) => argsError(describeZodError(err)),
    answer: (data) => ok(data),
  };
}
