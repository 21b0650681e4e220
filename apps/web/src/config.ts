import { CALL, DEFAULT_PLATFORM_ID, isCallTimeoutSeconds, isUserPlatformID } from '@teamim/domain';

/** Where the client connects (spec §7): the OpenIM API and gateway, the chat API, the media rooms. */
export interface ClientConfig {
  /** OpenIM HTTP API, e.g. `http://127.0.0.1:10002/api`. */
  readonly apiAddr: string;
  /** OpenIM WebSocket gateway, e.g. `ws://127.0.0.1:10002/ws`. */
  readonly wsAddr: string;
  /** Chat (business) and wallet API, e.g. `http://127.0.0.1:10002/chat`. */
  readonly chatAddr: string;
  /** OpenIM platform id; 5 is the web client. */
  readonly platformID: number;
  /** Where the SDK's wasm assets are served (copied there at build time). */
  readonly openimAssetsBase: string;
  readonly livekit: {
    /** Video codec preference and its backup (spec §9). */
    readonly videoCodec: string;
    readonly backupVideoCodec: string;
  };
  /**
   * The media server calls connect to (public `ws(s)://`). When set it replaces the address that comes
   * with each room token (a real chat's may be an internal one); the local server's CSP reads the same
   * field from `config.json`. Empty: use the token's address.
   */
  readonly livekitUrl: string;
  /** A user-search route answered like chat v1.8's `/user/search/public`; empty: detect. */
  readonly userSearchPath: string;
  /** Seconds an outgoing call rings before it ends unanswered (spec §4: 30 by default). */
  readonly callTimeoutSeconds: number;
  /** Optional features the deployment is known to have or lack; `auto` detects after sign-in. */
  readonly features: {
    readonly wallet: boolean | 'auto';
    readonly calls: boolean | 'auto';
  };
}

/** A partial configuration from `config.json` or the `VITE_*` environment; unknown fields are ignored. */
export type ConfigOverrides = Partial<
  Pick<
    ClientConfig,
    | 'apiAddr'
    | 'wsAddr'
    | 'chatAddr'
    | 'platformID'
    | 'openimAssetsBase'
    | 'livekitUrl'
    | 'userSearchPath'
    | 'callTimeoutSeconds'
    | 'features'
  >
>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The default: everything on the page's own origin (the local server serves the app, /api, /ws, /chat). */
function defaultConfig(pageOrigin: string): ClientConfig {
  const origin = new URL(pageOrigin);
  const wsProtocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    apiAddr: `${origin.origin}/api`,
    wsAddr: `${wsProtocol}//${origin.host}/ws`,
    chatAddr: `${origin.origin}/chat`,
    platformID: DEFAULT_PLATFORM_ID,
    openimAssetsBase: '/openim/',
    livekit: { videoCodec: 'vp9', backupVideoCodec: 'vp8' },
    livekitUrl: '',
    userSearchPath: '',
    callTimeoutSeconds: CALL.defaultTimeoutSeconds,
    features: { wallet: 'auto', calls: 'auto' },
  };
}

const URL_FIELDS = ['apiAddr', 'wsAddr', 'chatAddr', 'livekitUrl'] as const;
const PROTOCOLS: Record<(typeof URL_FIELDS)[number], readonly string[]> = {
  apiAddr: ['http:', 'https:'],
  wsAddr: ['ws:', 'wss:'],
  chatAddr: ['http:', 'https:'],
  livekitUrl: ['ws:', 'wss:'],
};

function parseFeature(value: unknown, name: string, origin: string): boolean | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (typeof value === 'boolean') return value;
  throw new ConfigError(`${origin}: features.${name} must be true, false or "auto"`);
}

function parseFeatures(value: unknown, origin: string): ClientConfig['features'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${origin}: features must be an object`);
  }
  const record = value as Record<string, unknown>;
  return {
    wallet: parseFeature(record['wallet'], 'wallet', origin),
    calls: parseFeature(record['calls'], 'calls', origin),
  };
}

/** Reads overrides from an untrusted object (parsed JSON or the env), refusing malformed values. */
export function parseOverrides(source: unknown, origin: string): ConfigOverrides {
  if (source === undefined || source === null) return {};
  if (typeof source !== 'object' || Array.isArray(source)) throw new ConfigError(`${origin}: not an object`);
  const record = source as Record<string, unknown>;
  const result: { -readonly [K in keyof ConfigOverrides]: ConfigOverrides[K] } = {};
  for (const field of URL_FIELDS) {
    const value = record[field];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') throw new ConfigError(`${origin}: ${field} must be a string`);
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(`${origin}: ${field} is not a URL: ${value}`);
    }
    if (!PROTOCOLS[field].includes(parsed.protocol)) {
      throw new ConfigError(`${origin}: ${field} must use ${PROTOCOLS[field].join(' or ')}: ${value}`);
    }
    result[field] = value.replace(/\/+$/, '');
  }
  const platform = record['platformID'];
  if (platform !== undefined && platform !== '') {
    const id = typeof platform === 'string' ? Number(platform) : platform;
    if (!isUserPlatformID(id)) {
      throw new ConfigError(
        `${origin}: platformID must be an OpenIM user platform id, 1-9 (10 is the admin platform, 11 is refused by chat 1.8.4)`,
      );
    }
    result.platformID = id;
  }
  const searchPath = record['userSearchPath'];
  if (searchPath !== undefined && searchPath !== '') {
    if (typeof searchPath !== 'string' || !/^\/[\w/.-]*$/.test(searchPath)) {
      throw new ConfigError(
        `${origin}: userSearchPath must be a path under chatAddr, e.g. /user/search/public`,
      );
    }
    result.userSearchPath = searchPath;
  }
  if (record['features'] !== undefined) result.features = parseFeatures(record['features'], origin);
  const timeout = record['callTimeoutSeconds'];
  if (timeout !== undefined) {
    if (!isCallTimeoutSeconds(timeout)) {
      const { min, max } = CALL.timeoutRangeSeconds;
      throw new ConfigError(`${origin}: callTimeoutSeconds must be a whole number from ${min} to ${max}`);
    }
    result.callTimeoutSeconds = timeout;
  }
  const assets = record['openimAssetsBase'];
  if (typeof assets === 'string' && assets !== '')
    result.openimAssetsBase = assets.endsWith('/') ? assets : `${assets}/`;
  return result;
}

/** The `VITE_*` variables as overrides (build-time configuration). */
export function envOverrides(env: Readonly<Record<string, unknown>>): ConfigOverrides {
  return parseOverrides(
    {
      apiAddr: env['VITE_API_ADDR'],
      wsAddr: env['VITE_WS_ADDR'],
      chatAddr: env['VITE_CHAT_ADDR'],
      platformID: env['VITE_PLATFORM_ID'],
      openimAssetsBase: env['VITE_OPENIM_ASSETS_BASE'],
      livekitUrl: env['VITE_LIVEKIT_URL'],
      userSearchPath: env['VITE_USER_SEARCH_PATH'],
    },
    'environment',
  );
}

/** Defaults, then the build environment, then `config.json` (deploy-time), later ones winning. */
export function resolveConfig(pageOrigin: string, ...layers: readonly ConfigOverrides[]): ClientConfig {
  return Object.assign({}, defaultConfig(pageOrigin), ...layers) as ClientConfig;
}

/**
 * Fetches the optional deploy-time `config.json` next to the app. A missing file (or an HTML SPA
 * fallback in its place) means "no overrides"; a present but malformed file is an error.
 */
export async function fetchConfigJson(fetchImpl: typeof fetch, url: string): Promise<ConfigOverrides> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store' });
  } catch {
    return {};
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return {};
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError(`${url}: invalid JSON`);
  }
  return parseOverrides(body, url);
}
