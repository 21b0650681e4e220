import { z } from 'zod';
import { argsError } from './errors';

/** Parses input with a zod schema; any problem becomes errCode 1001 with a readable detail. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
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
