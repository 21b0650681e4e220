import { z } from 'zod';

import { conversationID } from '../http/api';

import type { RouteContext } from '../http/route';
import type { Operator } from '../im/messages';

/** How a section of `/api` declares an endpoint: path, schema, handler, auth mode (default `user`). */
export type Route = <S extends z.ZodType>(
  path: string,
  schema: S,
  handler: (body: z.output<S>, ctx: RouteContext<Operator>) => unknown,
  auth?: 'user' | 'admin' | 'none',
) => void;

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
