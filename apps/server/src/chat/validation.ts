import { z } from 'zod';

/** Optional string that treats null as absent (clients send null for unset fields). */
export const optStr = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? undefined);

/** An integer that may arrive as a numeric string: for query strings only (JSON bodies use `jsonInt`). */
export const intLike = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ])
  .pipe(z.number().int().safe());

/**
 * An integer in a JSON body: a JSON number, never a numeric string. chat decodes its bodies with Go's
 * encoding/json, which refuses "1" for an int32, and our clients send numbers.
 */
export const jsonInt = z.number().int().safe();

/** C0 and C1 control characters (NUL would cut an SQLite LIKE pattern short and match everyone). */
const CONTROL = /\p{Cc}/u;

/** A search keyword: trimmed, at most 64 characters, without control characters. */
export const keywordText = z
  .string()
  .trim()
  .max(64, 'keyword is at most 64 characters')
  .refine((k) => !CONTROL.test(k), 'keyword must not contain control characters');

/** The identifiers the servers issue (IM user IDs, chat's numeric user IDs, group IDs). */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const id = (name: string) =>
  z.string().regex(ID_PATTERN, `${name} must be 1-64 letters, digits, "_" or "-"`);
