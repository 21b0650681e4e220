import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrCode } from '../im/errors';
import { fail } from './api';

/** The API mounts whose every answer, router refusals included, is OpenIM's envelope. */
const ENVELOPE_PREFIXES = ['/api/', '/chat/'];

const isEnvelopePath = (url: string): boolean =>
  ENVELOPE_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1));

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or plugin error handler runs
 * (a malformed percent-escape, a path parameter over `maxParamLength`). Under `/api` and `/chat` this is
 * argument error 1001 in the envelope, like every other malformed request; elsewhere a plain 400.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const url = req.raw.url ?? '';
  const reason =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'a path segment is too long'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'the path is not a valid URL (malformed percent-escape)'
        : 'the request could not be routed';
  req.log.info({ code: err.code, url: url.slice(0, 200) }, 'router refused a request');
  if (isEnvelopePath(url)) {
    void reply.code(200).send(fail(ErrCode.Args, `bad request: ${reason}`));
    return;
  }
  void reply.code(400).type('text/plain; charset=utf-8').send(`Bad request: ${reason}\n`);
}
