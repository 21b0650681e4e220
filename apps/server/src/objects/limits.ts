/**
 * Limits and policy of the object storage (`/api/object/*`). The values come from the server's flags
 * (`--object-*`, see config.ts); `resolveObjectLimits` applies defaults and rejects nonsense early.
 */
export interface ObjectLimits {
  /** Largest object in bytes (initiate answers 1001 above it). */
  maxObjectBytes: number;
  /** The only part size handed out (`part_limit.minPartSize` and `maxPartSize`); also the PUT body limit. */
  partSize: number;
  /** Content types accepted at upload, `type/subtype` or `type/*`, parameters ignored. */
  allowedTypes: readonly string[];
  /** Content types refused even when allowed (active content a browser would run in our origin). */
  deniedTypes: readonly string[];
  /** How long an unfinished upload (and its signed part URLs) stays valid. */
  uploadTtlMs: number;
  /** Base of the object URLs handed to clients (`<base>/<name>`); empty: derived from each request. */
  publicBaseUrl: string;
}

export const MIB = 1024 * 1024;

/** Browsers run these in the page's origin when opened directly, so they never get stored. */
export const DEFAULT_DENIED_TYPES: readonly string[] = [
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
];

export const DEFAULT_ALLOWED_TYPES: readonly string[] = [
  'image/*',
  'video/*',
  'audio/*',
  'text/*',
  'application/*',
  'font/*',
];

const defaultObjectLimits = (): ObjectLimits => ({
  maxObjectBytes: 100 * MIB,
  partSize: 5 * MIB,
  allowedTypes: DEFAULT_ALLOWED_TYPES,
  deniedTypes: DEFAULT_DENIED_TYPES,
  // The SDK resumes an upload only while it has more than an hour left.
  uploadTtlMs: 24 * 3_600_000,
  publicBaseUrl: '',
});

const TYPE_PATTERN = /^([a-z0-9][a-z0-9!#$&^_.+-]*|\*)\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/;

export function resolveObjectLimits(partial: Partial<ObjectLimits> = {}): ObjectLimits {
  const defined = Object.fromEntries(
    Object.entries(partial).filter(([, v]) => v !== undefined),
  ) as Partial<ObjectLimits>;
  const limits = { ...defaultObjectLimits(), ...defined };
  if (!Number.isSafeInteger(limits.maxObjectBytes) || limits.maxObjectBytes <= 0)
    throw new Error(`object max bytes must be a positive integer, got ${limits.maxObjectBytes}`);
  if (!Number.isSafeInteger(limits.partSize) || limits.partSize < 1024 || limits.partSize > 512 * MIB)
    throw new Error(`object part size must be between 1024 and ${512 * MIB} bytes, got ${limits.partSize}`);
  if (!Number.isSafeInteger(limits.uploadTtlMs) || limits.uploadTtlMs < 2 * 3_600_000)
    throw new Error('object upload TTL must be at least two hours (the SDK resumes only with one hour left)');
  const patterns = (list: readonly string[], what: string) =>
    list.map((raw) => {
      const p = raw.trim().toLowerCase();
      if (!TYPE_PATTERN.test(p))
        throw new Error(`invalid ${what} content type pattern ${JSON.stringify(raw)}`);
      return p;
    });
  limits.allowedTypes = patterns(limits.allowedTypes, 'allowed');
  limits.deniedTypes = patterns(limits.deniedTypes, 'denied');
  limits.publicBaseUrl = limits.publicBaseUrl.replace(/\/+$/, '');
  if (limits.publicBaseUrl && !/^https?:\/\/[^/]+/.test(limits.publicBaseUrl))
    throw new Error(`object public URL must start with http:// or https://, got ${limits.publicBaseUrl}`);
  return limits;
}

/** `Text/Plain; charset=utf-8` → `text/plain`; empty or unparsable → undefined. */
export function essenceOf(contentType: string): string | undefined {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return TYPE_PATTERN.test(essence) && !essence.includes('*') ? essence : undefined;
}

function matches(pattern: string, essence: string): boolean {
  if (pattern === '*/*') return true;
  const [pType, pSub] = pattern.split('/');
  const [type, sub] = essence.split('/');
  return pType === type && (pSub === '*' || pSub === sub);
}

/** Why a content type is refused, or undefined when it may be stored. */
export function contentTypeRefusal(limits: ObjectLimits, essence: string): string | undefined {
  if (limits.deniedTypes.some((p) => matches(p, essence)))
    return `content type ${essence} is not accepted (active content)`;
  if (!limits.allowedTypes.some((p) => matches(p, essence)))
    return `content type ${essence} is not accepted (allowed: ${limits.allowedTypes.join(', ')})`;
  return undefined;
}

/** `104857600` → `100 MiB`, `65536` → `64 KiB`, anything not round stays exact (`524289 bytes`). */
export function formatBytes(n: number): string {
  if (n >= MIB && n % MIB === 0) return `${n / MIB} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
