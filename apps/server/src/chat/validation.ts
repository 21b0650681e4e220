import { z } from 'zod';

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
