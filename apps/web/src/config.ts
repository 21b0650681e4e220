import { DEFAULT_PLATFORM_ID } from '@teamim/domain';

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
    /** Video codec preference and its backup (spec §9). The server URL comes with each call's token. */
    readonly videoCodec: string;
    readonly backupVideoCodec: string;
  };
}

/** A partial configuration from `config.json` or the `VITE_*` environment; unknown fields are ignored. */
export type ConfigOverrides = Partial<
  Pick<ClientConfig, 'apiAddr' | 'wsAddr' | 'chatAddr' | 'platformID' | 'openimAssetsBase'>
>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The default: everything on the page's own origin (the local server serves the app, /api, /ws, /chat). */
export function defaultConfig(pageOrigin: string): ClientConfig {
  const origin = new URL(pageOrigin);
  const wsProtocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    apiAddr: `${origin.origin}/api`,
    wsAddr: `${wsProtocol}//${origin.host}/ws`,
    chatAddr: `${origin.origin}/chat`,
    platformID: DEFAULT_PLATFORM_ID,
    openimAssetsBase: '/openim/',
    livekit: { videoCodec: 'vp9', backupVideoCodec: 'vp8' },
  };
}

const URL_FIELDS = ['apiAddr', 'wsAddr', 'chatAddr'] as const;
const PROTOCOLS: Record<(typeof URL_FIELDS)[number], readonly string[]> = {
  apiAddr: ['http:', 'https:'],
  wsAddr: ['ws:', 'wss:'],
  chatAddr: ['http:', 'https:'],
};

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
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 12) {
      throw new ConfigError(`${origin}: platformID must be an OpenIM platform id (1-12)`);
    }
    result.platformID = id;
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
