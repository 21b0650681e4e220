import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Dialect, type Envelope, errorEnvelope } from './envelope';

/** A header's first value, `''` when absent. */
export function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? '') : '';
}

/**
 * A request's input as the schemas see it: a JSON object, or `{}` when there is none at all. `null`, arrays
 * and scalars are refused here, so that no schema of optional fields accepts them as "nothing".
 */
function inputObject(input: unknown, dialect: Pick<Dialect, 'argsError'>): object {
  if (input === undefined) return {};
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw dialect.argsError(`body: must be a JSON object, not ${describe(input)}`);
  return input;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** What a handler knows of its request besides the validated input. */
interface RouteContext<Caller> {
  /** Who is calling, as the mount's `authenticate` resolved it for the route's auth mode. */
  caller: Caller;
  operationID: string;
  token: string;
  /** The client's address, for per-address limits. */
  ip: string;
  req: FastifyRequest;
}

/**
 * One API's conventions, declared once per mount: its dialect, when it insists on an `operationID`, how a
 * caller is authenticated in each auth mode, how a schema refusal and a success are worded.
 */
export interface ApiMount<Auth extends string, Caller> {
  dialect: Dialect;
  requiresOperationID(method: string): boolean;
  authenticate(mode: Auth, req: FastifyRequest): Promise<Caller> | Caller;
  invalidInput(error: z.ZodError): Error;
  answer(data: unknown): Envelope;
}

/** One endpoint: method(s), path, auth mode, the zod schema of its input (the body, or the query of a GET). */
export interface RouteSpec<S extends z.ZodType, Auth extends string, Caller> {
  method?: 'POST' | 'GET' | readonly ('POST' | 'GET')[];
  path: string;
  auth: Auth;
  schema: S;
  /** Answers must not be cached (balances, red packets, codes). */
  noStore?: boolean;
  handler(input: z.output<S>, ctx: RouteContext<Caller>): unknown;
}

/**
 * The one way to define an endpoint of `/api` and `/chat`: operationID check, authentication, the input
 * validated by the route's schema (1001 naming the field), the handler, the answer in the mount's envelope.
 * Anything a handler throws goes through the one error mapper.
 */
export function defineRoute<S extends z.ZodType, Auth extends string, Caller>(
  app: FastifyInstance,
  mount: ApiMount<Auth, Caller>,
  spec: RouteSpec<S, Auth, Caller>,
): void {
  app.route({
    method:
      spec.method === undefined ? 'POST' : typeof spec.method === 'string' ? spec.method : [...spec.method],
    url: spec.path,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      if (spec.noStore) void reply.header('Cache-Control', 'no-store');
      try {
        const operationID = header(req, 'operationID');
        if (!operationID && mount.requiresOperationID(req.method))
          throw mount.dialect.argsError('header must have operationID');
        const caller = await mount.authenticate(spec.auth, req);
        const raw = req.method === 'GET' ? req.query : req.body;
        const parsed = spec.schema.safeParse(inputObject(raw, mount.dialect));
        if (!parsed.success) throw mount.invalidInput(parsed.error);
        const ctx: RouteContext<Caller> = {
          caller,
          operationID,
          token: header(req, 'token'),
          ip: req.ip,
          req,
        };
        return reply.send(mount.answer(await spec.handler(parsed.data, ctx)));
      } catch (err) {
        return reply.send(errorEnvelope(err, mount.dialect, req.log));
      }
    },
  });
}
