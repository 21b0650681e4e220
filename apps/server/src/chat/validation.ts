import { z } from 'zod';
import { argsError } from './errors';

/** Parses input with a zod schema; any problem becomes errCode 1001 with a readable detail. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  // No body at all reads as `{}`; `null`, arrays and scalars are not "nothing" but the wrong type.
  if (input === null || (input !== undefined && (typeof input !== 'object' || Array.isArray(input))))
    throw argsError(
      `body: must be a JSON object, not ${input === null ? 'null' : Array.isArray(input) ? 'an array' : `a ${typeof input}`}`,
    );
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'body';
  throw argsError(`${path}: ${issue?.message ?? 'invalid'}`);
}

/** Optional string that treats null as absent (clients send null for unset fields). */
export const optStr = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? undefined);

/** An integer that may arrive as a numeric string (query strings, loosely typed clients). */
export const intLike = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ])
  .pipe(z.number().int().safe());

/** The identifiers the servers issue (IM user IDs, chat's numeric user IDs, group IDs). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const id = (name: string) =>
  z.string().regex(ID_PATTERN, `${name} must be 1-64 letters, digits, "_" or "-"`);
