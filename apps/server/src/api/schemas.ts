import { z } from 'zod';
import type { RouteSpec } from '../http/route';
import type { Operator } from '../im/messages';
import { USER_ID_PATTERN } from '../im/users';
import type { AuthMode } from './mount';

/** How a section of `/api` declares an endpoint, in the same shape as a `/chat` route. */
export type Route = <S extends z.ZodType>(spec: RouteSpec<S, AuthMode, Operator>) => void;

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
const int = z
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

export const platformID = z.number().int().min(1).max(20);

/**
 * open-im-server marshals an empty Go slice as `null`; with `--compat openim-3.8` (`real` true) the
 * pages the SDK's full sync reads answer the same, so the client meets what a real deployment sends.
 */
export const emptyList = <T>(list: T[], real: boolean): T[] | null =>
  real && list.length === 0 ? null : list;
/** An optional list of conversation IDs; absent or null means "all of them". */
export const conversationIDList = z
  .array(conversationID)
  .max(1000)
  .nullish()
  .transform((v) => v ?? []);
export const seq = z
  .number()
  .int()
  .min(0)
  .max(2 ** 53);
export const nonNegative = seq.nullish().transform((v) => v ?? 0);
export const seqList = (max: number) =>
  z
    .array(seq)
    .max(max)
    .nullish()
    .transform((v) => v ?? []);
