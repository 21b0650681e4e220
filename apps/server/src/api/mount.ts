import type { z } from 'zod';
import { fail, ok } from '../errors';
import { ErrCode, ImError } from '../im/errors';
import type { Operator } from '../im/messages';
import type { Dialect } from '../http/envelope';
import { type ApiMount, header } from '../http/route';

/** How the spine words `/api`'s answers: OpenIM's, the detail as the message. */
export const apiDialect: Dialect = {
  argsError: (detail) => new ImError(ErrCode.Args, detail),
  notFound: (method, url) => new ImError(ErrCode.Args, `unknown endpoint ${method} ${url}`),
  internal: fail(ErrCode.ServerInternal, 'internal server error'),
};

export type AuthMode = 'user' | 'admin' | 'none';

export type Authenticate = (token: string) => Promise<Operator>;

function formatZodError(err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
}

const ANON: Operator = { userID: '', platformID: 0, isAdmin: false };

/**
 * `/api`'s conventions for {@link defineRoute}: every request carries an operationID; `user` and `admin` routes
 * a token (admin: of an app admin); refusals in OpenIM's words; a success without data answers `data: {}`.
 */
export function apiMount(authenticate: Authenticate): ApiMount<AuthMode, Operator> {
  return {
    dialect: apiDialect,
    requiresOperationID: () => true,
    async authenticate(mode, req) {
      if (mode === 'none') return ANON;
      const token = header(req, 'token');
      if (!token) throw new ImError(ErrCode.Args, 'header must have token');
      const op = await authenticate(token);
      if (mode === 'admin' && !op.isAdmin) throw new ImError(ErrCode.NoPermission, 'admin token required');
      return op;
    },
    invalidInput: (err) => new ImError(ErrCode.Args, formatZodError(err)),
    answer: (data) => ok(data ?? {}),
  };
}
