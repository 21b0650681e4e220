import { z } from 'zod';
import { fail, ok } from '../errors';
import { ErrCode, ImError } from '../im/errors';
import type { Operator } from '../im/messages';
import { USER_ID_PATTERN } from '../im/users';
import type { Dialect } from './envelope';
import { type ApiMount, type RouteContext, header } from './route';

/** How the spine words `/api`'s answers: OpenIM's, the detail as the message. */
export const apiDialect: Dialect = {
  argsError: (detail) => new ImError(ErrCode.Args, detail),
  notFound: (method, url) => new ImError(ErrCode.Args, `unknown endpoint ${method} ${url}`),
  internal: fail(ErrCode.ServerInternal, 'internal server error'),
};

export type AuthMode = 'user' | 'admin' | 'none';

/** What an `/api` handler knows of its call; `caller` is the token's operator (anonymous for `none`). */
export type CallContext = RouteContext<Operator>;

export type Authenticate = (token: string) => Promise<Operator>;

export function formatZodError(err: z.ZodError): string {
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

// ---- shared schema pieces --------------------------------------------------------------------

/**
 * Identifiers have the shapes this server issues and registers (letters, digits, `_`, `-`; at most 64):
 * an ID outside them cannot exist, so it is refused with 1001 instead of being looked up.
 */
const ID_MESSAGE = 'must be 1-64 letters, digits, "_" or "-"';
export const userID = z.string().regex(USER_ID_PATTERN, ID_MESSAGE);
/** An optional identifier: absent, `null` and `""` all mean "none". */
export const optionalID = z
  .string()
  .regex(/^[A-Za-z0-9_-]{0,64}$/, 'must be empty or 1-64 letters, digits, "_" or "-"')
  .nullish()
  .transform((v) => v ?? '');
/** `si_<a>_<b>`, `sg_<group>`, `n_...`: the same alphabet, longer. */
export const conversationID = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a conversation ID (1-200 letters, digits, "_" or "-")');
/** What a client echoes from an incremental sync: empty, or the 24 hex digits the server issued. */
export const versionID = z
  .string()
  .regex(/^(?:[0-9a-f]{24})?$/, 'must be empty or a version ID issued by the server')
  .nullish()
  .transform((v) => v ?? '');
/** A version number of an incremental sync: 0 (none yet) or a positive version. */
export const version = z
  .number()
  .int()
  .min(0)
  .max(2 ** 53)
  .nullish()
  .transform((v) => v ?? 0);
export const idList = (max = 1000) =>
  z
    .array(userID)
    .max(max)
    .nullish()
    .transform((v) => v ?? []);
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');
export const int = z
  .number()
  .int()
  .min(-(2 ** 53))
  .max(2 ** 53);
export const optInt = int.nullish().transform((v) => v ?? 0);
export const pagination = z
  .object({
    pageNumber: z.number().int().min(0).max(1_000_000),
    showNumber: z.number().int().min(0).max(10_000),
  })
  .nullish();
/** A wrapper value (`null` = unchanged). Accepts the bare scalar and also `{value: x}`. */
export const wrapped = <T extends z.ZodType>(inner: T) =>
  z
    .union([inner, z.object({ value: inner })])
    .nullish()
    .transform((v): z.output<T> | null => {
      if (v === null || v === undefined) return null;
      if (typeof v === 'object' && 'value' in v) return (v as { value: z.output<T> }).value;
      return v as z.output<T>;
    });
