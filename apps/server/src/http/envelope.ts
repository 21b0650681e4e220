import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type Envelope } from '../errors';

export { type Envelope } from '../errors';

/**
 * How one API words what the spine produces for it: `/api` speaks OpenIM (the detail is the message),
 * `/chat` speaks chat (the message is the code's name, the detail follows).
 */
export interface Dialect {
  /** A malformed request (1001): framework refusals, bad bodies, router errors. */
  argsError(detail: string): ApiError;
  /** A request to a path the API does not have. */
  notFound(method: string, url: string): ApiError;
  /** The answer to an unexpected failure; never carries its details. */
  internal: Envelope;
}

export interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The one error mapper: typed refusals keep their code, framework 4xx become 1001, the rest 500. */
export function errorEnvelope(err: unknown, dialect: Dialect, log: Log): Envelope {
  if (err instanceof ApiError) {
    log.info({ errCode: err.errCode, errMsg: err.errMsg }, 'refused');
    return err.toEnvelope();
  }
  const e = err as Partial<FastifyError>;
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const detail =
      e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'request body too large'
        : `bad request: ${typeof e.message === 'string' ? e.message : 'malformed'}`;
    return dialect.argsError(detail).toEnvelope();
  }
  log.error({ err }, 'request failed');
  return dialect.internal;
}

/**
 * Makes every answer of a mounted API (errors, unknown paths) the envelope in its dialect. Plugins that
 * share a prefix with one that already answers unknown paths pass `notFound: false`.
 */
export function useEnvelope(app: FastifyInstance, dialect: Dialect, opts: { notFound?: boolean } = {}): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) =>
    reply.code(200).send(errorEnvelope(err, dialect, req.log)),
  );
  if (opts.notFound === false) return;
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(dialect.notFound(req.method, req.url).toEnvelope()),
  );
}
