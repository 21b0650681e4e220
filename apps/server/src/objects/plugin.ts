import { join } from 'node:path';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { fail } from '../errors';
import { type Authenticate, apiDialect, apiMount } from '../api/mount';
import type { Route } from '../api/schemas';
import { defineRoute } from '../http/route';
import { useEnvelope } from '../http/envelope';
import { ErrCode } from '../im/errors';
import { type ObjectLimits, essenceOf } from './limits';
import { baseName } from './names';
import { parseRange } from './range';
import { ObjectService } from './service';
import { PartRejected, type UrlBase } from './types';
import { type BlobStore, DiskBlobStore, MemoryBlobStore } from './store';

export interface ObjectsDeps {
  db: Db;
  limits: ObjectLimits;
  authenticate: Authenticate;
  now: () => number;
  /** `memory` keeps the bytes in the process; otherwise they go under `<dataDir>/objects`. */
  storage: { memory: true } | { memory: false; dataDir: string };
  sweepIntervalMs?: number;
}

/** The envelope (POST) endpoints under `/api`, for `RunningServer.apiPaths`. */
export const OBJECT_API_PATHS: readonly string[] = [
  '/object/part_limit',
  '/object/initiate_multipart_upload',
  '/object/auth_sign',
  '/object/complete_multipart_upload',
  '/object/access_url',
];

export function createObjectService(deps: ObjectsDeps): ObjectService {
  const store: BlobStore = deps.storage.memory
    ? new MemoryBlobStore()
    : new DiskBlobStore(join(deps.storage.dataDir, 'objects'));
  return new ObjectService(deps.db, store, deps.limits, deps.now);
}

// The SDK marshals int64 fields as JSON numbers (Go's encoding/json); anything else is malformed.
const int64 = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const str = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');
const uploadID = z.string().regex(/^[0-9a-f]{32}$/, 'must be an upload ID from initiate_multipart_upload');

const initiateSchema = z.object({
  hash: z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hex digits (MD5 of the part MD5s)'),
  size: int64.pipe(z.number().min(1, 'must be at least 1 byte')),
  partSize: int64.pipe(z.number().min(1, 'must be positive')),
  maxParts: int64.nullish().transform((v) => v ?? 1),
  cause: str(64),
  name: z.string().min(1, 'must not be empty').max(4096),
  contentType: str(255),
  urlPrefix: str(2048),
});
const authSignSchema = z.object({
  uploadID,
  partNumbers: z.array(z.number().int().min(1).max(100_000)).min(1, 'must not be empty').max(1000),
});
const completeSchema = z.object({
  uploadID,
  parts: z
    .array(z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be an MD5 in hex'))
    .min(1)
    .max(100_000),
  name: z.string().max(4096),
  contentType: str(255),
  cause: str(64),
  urlPrefix: str(2048),
});
const accessUrlSchema = z.object({
  name: z.string().min(1).max(4096),
  query: z.record(z.string(), z.string()).nullish(),
});

function urlBase(req: FastifyRequest, limits: ObjectLimits): UrlBase {
  const api = limits.publicBaseUrl || `${req.protocol}://${req.host}/api`;
  return { api, objects: `${api}/object` };
}

/** Types a browser may show inline; everything else is offered as a download. */
function inline(contentType: string): boolean {
  const essence = essenceOf(contentType) ?? '';
  return /^(image|video|audio)\//.test(essence) || essence === 'text/plain' || essence === 'application/pdf';
}

function contentDisposition(contentType: string, name: string): string {
  const file = baseName(name);
  const ascii = file.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline(contentType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/**
 * `/api/object/*` (the SDK's upload endpoints and downloads) and `/api/object-upload/<id>` (signed part
 * PUTs). Register with the prefix `/api`.
 */
export function objectsPlugin(service: ObjectService, deps: ObjectsDeps): FastifyPluginCallback {
  return (app, _opts, done) => {
    const { limits } = deps;
    const mount = apiMount(deps.authenticate);
    // Framework errors (malformed JSON, poisoned bodies, oversize) get the envelope like the rest of /api.
    useEnvelope(app, apiDialect, { notFound: false });
    // Expired uploads and blobs of replaced objects are dropped in the background.
    const sweeper = setInterval(() => {
      service.sweep().then(
        (swept) => {
          if (swept.uploads + swept.blobs > 0) app.log.info(swept, 'object storage swept');
        },
        (err: unknown) => app.log.error({ err }, 'object storage sweep failed'),
      );
    }, deps.sweepIntervalMs ?? 3_600_000);
    sweeper.unref();
    app.addHook('onClose', (_instance, closed) => {
      clearInterval(sweeper);
      closed();
    });

    const route: Route = (spec) => {
      if (!OBJECT_API_PATHS.includes(spec.path))
        throw new Error(`${spec.path} is missing from OBJECT_API_PATHS`);
      defineRoute(app, mount, spec);
    };

    route({
      path: '/object/part_limit',
      auth: 'user',
      schema: z.object({}).passthrough(),
      handler: () => service.partLimit(),
    });

    route({
      path: '/object/initiate_multipart_upload',
      auth: 'user',
      schema: initiateSchema,
      handler: (body, { caller: op, req }) => {
        const result = service.initiate(op, body, urlBase(req, limits));
        const log = { userID: op.userID, name: body.name, size: body.size, contentType: body.contentType };
        if (result.instant) {
          req.log.info(log, 'object stored instantly (the same bytes are already held)');
          return { url: result.url, upload: null };
        }
        req.log.info(
          { ...log, uploadID: result.upload.uploadID, parts: result.partCount },
          'upload initiated',
        );
        return { url: '', upload: result.upload };
      },
    });

    route({
      path: '/object/auth_sign',
      auth: 'user',
      schema: authSignSchema,
      handler: (body, { caller: op, req }) =>
        service.authSign(op, body.uploadID, body.partNumbers, urlBase(req, limits)),
    });

    route({
      path: '/object/complete_multipart_upload',
      auth: 'user',
      schema: completeSchema,
      handler: async (body, { caller: op, req }) => {
        const result = await service.complete(op, body, urlBase(req, limits));
        req.log.info(
          { userID: op.userID, uploadID: body.uploadID, name: body.name, size: result.size },
          'upload completed',
        );
        return { url: result.url };
      },
    });

    route({
      path: '/object/access_url',
      auth: 'user',
      schema: accessUrlSchema,
      handler: (body, { req }) => service.accessUrl(body.name, urlBase(req, limits)),
    });

    // Downloads: public like OpenIM's (an <img src> cannot send the token header); names hold
    // unguessable message IDs. Query parameters (the SDK's `?type=image&width=640`) are ignored.
    app.get('/object/*', async (req: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
      const name = req.params['*'];
      const obj = service.find(name);
      if (!obj) {
        req.log.info({ name }, 'object not found');
        return reply
          .code(404)
          .send(fail(ErrCode.RecordNotFound, `object ${JSON.stringify(name)} does not exist`));
      }
      const etag = `"${obj.blobKey}"`;
      void reply
        .header('content-type', obj.contentType)
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', contentDisposition(obj.contentType, obj.name));
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseRange(req.headers.range, obj.size);
      if (range.kind === 'unsatisfiable') {
        req.log.info({ name, range: req.headers.range, size: obj.size }, 'range not satisfiable');
        return reply
          .code(416)
          .header('content-range', `bytes */${obj.size}`)
          .header('content-type', 'application/json')
          .send(
            fail(ErrCode.Args, `range ${req.headers.range ?? ''} is outside the object's ${obj.size} bytes`),
          );
      }
      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, obj.size - 1];
      req.log.debug({ name, start, end, size: obj.size }, 'object served');
      if (range.kind === 'partial')
        void reply.code(206).header('content-range', `bytes ${start}-${end}/${obj.size}`);
      void reply.header('content-length', String(end - start + 1));
      return reply.send(service.read(obj, start, end));
    });

    // Signed part uploads: raw bytes of any content type, at most one part.
    void app.register((put, _o, next) => {
      put.removeAllContentTypeParsers();
      put.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.partSize }, (_req, body, parsed) =>
        parsed(null, body),
      );
      put.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, req, reply) => {
        const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
        if (status === 500) req.log.error({ err }, 'part upload failed');
        else req.log.info({ status, err: err.message }, 'part upload refused');
        const msg =
          err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `a part may not exceed ${limits.partSize} bytes`
            : err.message;
        void reply.code(status).send(fail(status === 500 ? ErrCode.ServerInternal : ErrCode.Args, msg));
      });
      put.put(
        '/object-upload/:uploadID',
        // Parts may be larger than --max-body-bytes (the JSON limit of every other route).
        { bodyLimit: limits.partSize },
        async (
          req: FastifyRequest<{
            Params: { uploadID: string };
            Querystring: { partNumber?: string; expires?: string; signature?: string };
          }>,
          reply,
        ) => {
          const { uploadID: id } = req.params;
          try {
            const { partNumber, expectedSize } = service.checkPartRequest(id, req.query);
            const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
            const md5 = await service.putPart(id, partNumber, expectedSize, body);
            req.log.debug({ uploadID: id, partNumber, size: body.length }, 'part stored');
            return reply.header('etag', `"${md5}"`).send({ errCode: 0, errMsg: '', errDlt: '', data: {} });
          } catch (err) {
            if (!(err instanceof PartRejected)) throw err;
            req.log.info({ uploadID: id, status: err.status, err: err.message }, 'part upload refused');
            return reply.code(err.status).send(fail(ErrCode.Args, err.message));
          }
        },
      );
      next();
    });

    done();
  };
}
