import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Dialect } from './envelope';

const reasonOf = (code: string | undefined): string =>
  code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? 'a path segment is too long'
    : code === 'FST_ERR_BAD_URL'
      ? 'the path is not a valid URL (malformed percent-escape)'
      : 'the request could not be routed';

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or plugin error handler runs
 * (a malformed percent-escape, a path parameter over `maxParamLength`). Under an API mount this is
 * argument error 1001 in that API's envelope, like every other malformed request; elsewhere a plain 400.
 */
export function routerErrors(mounts: Record<string, Dialect>) {
  const entries = Object.entries(mounts);
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const url = req.raw.url ?? '';
    const reason = reasonOf(err.code);
    req.log.info({ code: err.code, url: url.slice(0, 200) }, 'router refused a request');
    const mount = entries.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`));
    if (mount) {
      void reply.code(200).send(mount[1].argsError(`bad request: ${reason}`).toEnvelope());
      return;
    }
    void reply.code(400).type('text/plain; charset=utf-8').send(`Bad request: ${reason}\n`);
  };
}
