import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, fail, ok } from '../errors';
import { type ApiMount, defineRoute } from './route';

type Auth = 'none' | 'user';

/** A mount in its own words, to show that the route definition carries no API's conventions of its own. */
const mount: ApiMount<Auth, string> = {
  dialect: {
    argsError: (detail) => new ApiError(1001, 'Args', detail),
    notFound: () => new ApiError(1004, 'NotFound'),
    internal: fail(500, 'internal'),
  },
  requiresOperationID: (method) => method === 'POST',
  authenticate(mode, req) {
    if (mode === 'none') return '';
    if (req.headers.token !== 'good') throw new ApiError(1501, 'bad token');
    return 'u1';
  },
  invalidInput: (err) => new ApiError(1001, 'Args', err.issues.map((i) => i.path.join('.')).join(',')),
  answer: (data) => ok(data ?? 'nothing'),
};

async function app() {
  const seen: unknown[] = [];
  const f = Fastify();
  defineRoute(f, mount, {
    method: ['GET', 'POST'],
    path: '/echo',
    auth: 'user',
    schema: z.object({ n: z.coerce.number().int() }),
    noStore: true,
    handler: (input, c) => {
      seen.push(input);
      return { n: input.n, caller: c.caller, op: c.operationID };
    },
  });
  defineRoute(f, mount, {
    path: '/void',
    auth: 'none',
    schema: z.object({}),
    handler: () => undefined,
  });
  defineRoute(f, mount, {
    path: '/boom',
    auth: 'none',
    schema: z.object({}),
    handler: () => {
      throw new Error('bug');
    },
  });
  await f.ready();
  return { f, seen };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: path,
  headers: { 'content-type': 'application/json', operationID: 'op1', token: 'good', ...headers },
  payload: JSON.stringify(body),
});

describe('defineRoute', () => {
  it('validates the body (POST) or the query (GET) by the schema and answers in the mount envelope', async () => {
    const { f } = await app();
    const r = await f.inject(post('/echo', { n: 3 }));
    expect(r.json()).toEqual(ok({ n: 3, caller: 'u1', op: 'op1' }));
    expect(r.headers['cache-control']).toBe('no-store');
    const g = await f.inject({ method: 'GET', url: '/echo?n=4', headers: { token: 'good' } });
    expect(g.json()).toEqual(ok({ n: 4, caller: 'u1', op: '' }));
    expect((await f.inject(post('/void', {}))).json()).toEqual(ok('nothing'));
  });

  it('checks the operationID, then the caller, then the input; the handler sees nothing refused', async () => {
    const { f, seen } = await app();
    expect((await f.inject(post('/echo', { n: 1 }, { operationID: '' }))).json()).toMatchObject({
      errCode: 1001,
      errDlt: 'header must have operationID',
    });
    expect((await f.inject(post('/echo', { n: 'x' }, { token: 'bad' }))).json()).toMatchObject({
      errCode: 1501,
    });
    expect((await f.inject(post('/echo', { n: 'x' }))).json()).toMatchObject({ errCode: 1001, errDlt: 'n' });
    expect((await f.inject(post('/echo', null))).json()).toMatchObject({
      errCode: 1001,
      errDlt: 'body: must be a JSON object, not null',
    });
    expect((await f.inject(post('/echo', [1]))).json()).toMatchObject({ errCode: 1001 });
    expect(seen).toEqual([]);
  });

  it('answers an unexpected failure with the dialect’s internal envelope, without its details', async () => {
    const { f } = await app();
    const r = await f.inject(post('/boom', {}));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(fail(500, 'internal'));
  });
});
