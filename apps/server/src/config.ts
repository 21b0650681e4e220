import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs as parseCommandLine } from 'node:util';
import { CHAT_FLAGS, type ChatConfig } from './chat/config';
import { DEFAULT_ALLOWED_TYPES, DEFAULT_DENIED_TYPES, MIB } from './objects/limits';
import type { MultiLoginPolicy } from './wire/contract';

export interface ServerConfig {
  host: string;
  port: number;
  /** Directory of the SQLite database and other state. */
  dataDir: string;
  /** In-memory database (tests); nothing is written to disk. */
  memory: boolean;
  /** Secret for `/api/auth/get_admin_token`. */
  adminSecret: string;
  /** Wrong admin secrets per client address in 15 minutes before `get_admin_token` answers 20005. */
  adminMaxFailuresPerIp: number;
  /** User IDs that count as administrators. */
  adminUserIDs: string[];
  /** HS256 key for tokens; when empty it is generated once and kept in the data directory. */
  tokenSecret: string;
  tokenExpireSeconds: number;
  logLevel: string;
  /** Log every HTTP request (off by default: one line per request floods the terminal). */
  verbose: boolean;
  /** Where dev-mode verification codes are printed for a person (main.ts: stdout); none by default. */
  announce?: (line: string) => void;
  /** Directory with the built web app served at `/`, or empty for none. */
  webDir: string;
  maxBodyBytes: number;
  maxContentBytes: number;
  friendVerification: boolean;
  friendAcceptedChatCopy: boolean;
  /** OpenIM multi-login policy of the WebSocket gateway (names or OpenIM's numbers 0, 1, 4, 5). */
  multiLoginPolicy: MultiLoginPolicy;
  /** How often live sessions are checked for expired tokens. */
  tokenCheckIntervalMs: number;
  /** `demo` seeds the demo team, `large` the benchmark account (src/seed/); empty or `none` for nothing. */
  seed: string;
  /** Options of the chat module (accounts, wallet), see chat/config.ts. */
  chat: Partial<ChatConfig>;
  /** Uploads (`/api/object/*`, see objects/limits.ts): largest object in bytes. */
  objectMaxBytes: number;
  /** Uploads: the part size handed to clients (and the largest part PUT accepted). */
  objectPartSize: number;
  /** Uploads: accepted content types (`type/subtype` or `type/*`). */
  objectAllowedTypes: string[];
  /** Uploads: refused content types, even when allowed. */
  objectDeniedTypes: string[];
  /** Uploads: public URL of `/api` for object and upload URLs; empty = the request's own origin. */
  objectBaseUrl: string;
  /** `openim-3.8` answers as a real OpenIM 3.8 + chat 1.8 deployment where ours differs (see compat.ts). */
  compat: string;
  /** Clock in ms, injectable for tests. */
  now: () => number;
}

const defaultConfig = (): ServerConfig => ({
  host: '127.0.0.1',
  port: 10002,
  dataDir: './data',
  memory: false,
  adminSecret: 'openIM123',
  adminMaxFailuresPerIp: 20,
  adminUserIDs: ['imAdmin'],
  tokenSecret: '',
  tokenExpireSeconds: 90 * 86_400,
  logLevel: 'info',
  verbose: false,
  webDir: '',
  maxBodyBytes: 1024 * 1024,
  maxContentBytes: 100 * 1024,
  friendVerification: false,
  friendAcceptedChatCopy: true,
  multiLoginPolicy: 'kick-same-platform-other-token',
  tokenCheckIntervalMs: 30_000,
  seed: '',
  chat: {},
  objectMaxBytes: 100 * MIB,
  objectPartSize: 5 * MIB,
  objectAllowedTypes: [...DEFAULT_ALLOWED_TYPES],
  objectDeniedTypes: [...DEFAULT_DENIED_TYPES],
  objectBaseUrl: '',
  compat: 'none',
  now: () => Date.now(),
});

const POLICY_ALIASES: Record<string, MultiLoginPolicy> = {
  '0': 'allow-all',
  '1': 'kick-same-platform-other-token',
  '4': 'kick-same-class-other-token',
  '5': 'pc-and-one-other',
  'allow-all': 'allow-all',
  'kick-same-platform-other-token': 'kick-same-platform-other-token',
  'kick-same-class-other-token': 'kick-same-class-other-token',
  'pc-and-one-other': 'pc-and-one-other',
};

export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const defined = Object.fromEntries(
    Object.entries(partial).filter(([, v]) => v !== undefined),
  ) as Partial<ServerConfig>;
  const cfg = { ...defaultConfig(), ...defined };
  if (!Number.isInteger(cfg.port) || cfg.port < 0 || cfg.port > 65535)
    throw new Error(`invalid port ${cfg.port}`);
  const policy = POLICY_ALIASES[String(cfg.multiLoginPolicy)];
  if (!policy)
    throw new Error(
      `unknown multi-login policy ${String(cfg.multiLoginPolicy)} (${Object.keys(POLICY_ALIASES).join(', ')})`,
    );
  cfg.multiLoginPolicy = policy;
  if (cfg.seed === 'none') cfg.seed = '';
  if (cfg.seed !== '' && cfg.seed !== 'demo' && cfg.seed !== 'large')
    throw new Error(`unknown seed ${cfg.seed} (none, demo or large)`);
  if (cfg.tokenExpireSeconds <= 0) throw new Error('tokenExpireSeconds must be positive');
  // An empty secret would hand an admin token to anyone who sends an empty one.
  if (cfg.adminSecret === '') throw new Error('adminSecret must not be empty');
  if (!cfg.memory) cfg.dataDir = resolve(cfg.dataDir);
  return cfg;
}

/** The token key: explicit, else persisted in the data dir (so tokens survive restarts), else random for in-memory runs. */
export function tokenSecretFor(cfg: ServerConfig): string {
  if (cfg.tokenSecret) return cfg.tokenSecret;
  if (cfg.memory) return randomBytes(32).toString('hex');
  mkdirSync(cfg.dataDir, { recursive: true });
  const file = join(cfg.dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface FlagSpec {
  flag: string;
  env: string;
  key: keyof ServerConfig;
  kind: 'string' | 'number' | 'boolean' | 'list';
  description: string;
}

export const FLAGS: readonly FlagSpec[] = [
  {
    flag: '--host',
    env: 'TEAMIM_HOST',
    key: 'host',
    kind: 'string',
    description: 'address to listen on (default 127.0.0.1)',
  },
  {
    flag: '--port',
    env: 'TEAMIM_PORT',
    key: 'port',
    kind: 'number',
    description: 'port to listen on (default 10002; 0 = random)',
  },
  {
    flag: '--data-dir',
    env: 'TEAMIM_DATA_DIR',
    key: 'dataDir',
    kind: 'string',
    description: 'directory for the SQLite database and secrets (default ./data)',
  },
  {
    flag: '--memory',
    env: 'TEAMIM_MEMORY',
    key: 'memory',
    kind: 'boolean',
    description: 'keep everything in memory (nothing is written to disk)',
  },
  {
    flag: '--admin-secret',
    env: 'TEAMIM_ADMIN_SECRET',
    key: 'adminSecret',
    kind: 'string',
    description: 'secret for /api/auth/get_admin_token (default openIM123; change it outside loopback)',
  },
  {
    flag: '--admin-max-failures-per-ip',
    env: 'TEAMIM_ADMIN_MAX_FAILURES_PER_IP',
    key: 'adminMaxFailuresPerIp',
    kind: 'number',
    description: 'wrong admin secrets per client address in 15 minutes before 20005 (default 20)',
  },
  {
    flag: '--admin-user-ids',
    env: 'TEAMIM_ADMIN_USER_IDS',
    key: 'adminUserIDs',
    kind: 'list',
    description: 'comma-separated admin user IDs (default imAdmin)',
  },
  {
    flag: '--token-secret',
    env: 'TEAMIM_TOKEN_SECRET',
    key: 'tokenSecret',
    kind: 'string',
    description: 'HS256 key for tokens (default: generated once into <data-dir>/token-secret)',
  },
  {
    flag: '--token-expire-seconds',
    env: 'TEAMIM_TOKEN_EXPIRE_SECONDS',
    key: 'tokenExpireSeconds',
    kind: 'number',
    description: 'token lifetime in seconds (default 7776000 = 90 days)',
  },
  {
    flag: '--log-level',
    env: 'TEAMIM_LOG_LEVEL',
    key: 'logLevel',
    kind: 'string',
    description: 'pino log level: fatal, error, warn, info, debug, trace, silent (default info)',
  },
  {
    flag: '--verbose',
    env: 'TEAMIM_VERBOSE',
    key: 'verbose',
    kind: 'boolean',
    description: 'log every HTTP request (default off)',
  },
  {
    flag: '--web-dir',
    env: 'TEAMIM_WEB_DIR',
    key: 'webDir',
    kind: 'string',
    description: 'built web app to serve at / (default apps/web/dist when it exists)',
  },
  {
    flag: '--max-body-bytes',
    env: 'TEAMIM_MAX_BODY_BYTES',
    key: 'maxBodyBytes',
    kind: 'number',
    description: 'largest accepted HTTP request body (default 1048576)',
  },
  {
    flag: '--max-content-bytes',
    env: 'TEAMIM_MAX_CONTENT_BYTES',
    key: 'maxContentBytes',
    kind: 'number',
    description: 'largest accepted message content (default 102400)',
  },
  {
    flag: '--multi-login-policy',
    env: 'TEAMIM_MULTI_LOGIN_POLICY',
    key: 'multiLoginPolicy',
    kind: 'string',
    description:
      'who gets kicked by a new login: kick-same-platform-other-token (1, default), allow-all (0), kick-same-class-other-token (4), pc-and-one-other (5)',
  },
  {
    flag: '--seed',
    env: 'TEAMIM_SEED',
    key: 'seed',
    kind: 'string',
    description:
      'seed data at startup: none, demo (alice, bob, carol; only into an empty data directory) or large (load@example.com with 2,000 friends, 100 groups, 1,000 conversations; for benchmarks)',
  },
  {
    flag: '--friend-verification',
    env: 'TEAMIM_FRIEND_VERIFICATION',
    key: 'friendVerification',
    kind: 'boolean',
    description: 'only friends may send one-to-one messages (error 1303)',
  },
  {
    flag: '--object-max-bytes',
    env: 'TEAMIM_OBJECT_MAX_BYTES',
    key: 'objectMaxBytes',
    kind: 'number',
    description: 'largest uploaded file (images, video, files) in bytes (default 104857600 = 100 MiB)',
  },
  {
    flag: '--object-part-size',
    env: 'TEAMIM_OBJECT_PART_SIZE',
    key: 'objectPartSize',
    kind: 'number',
    description: 'upload part size in bytes, also the largest part request (default 5242880 = 5 MiB)',
  },
  {
    flag: '--object-allowed-types',
    env: 'TEAMIM_OBJECT_ALLOWED_TYPES',
    key: 'objectAllowedTypes',
    kind: 'list',
    description: `comma-separated content types accepted for uploads (default ${DEFAULT_ALLOWED_TYPES.join(',')})`,
  },
  {
    flag: '--object-denied-types',
    env: 'TEAMIM_OBJECT_DENIED_TYPES',
    key: 'objectDeniedTypes',
    kind: 'list',
    description: `comma-separated content types always refused (default: active content, ${DEFAULT_DENIED_TYPES.slice(0, 3).join(',')},...)`,
  },
  {
    flag: '--object-base-url',
    env: 'TEAMIM_OBJECT_BASE_URL',
    key: 'objectBaseUrl',
    kind: 'string',
    description:
      'public URL of /api used in file and upload URLs, e.g. https://im.example.com/api (default: the request origin)',
  },
  {
    flag: '--compat',
    env: 'TEAMIM_COMPAT',
    key: 'compat',
    kind: 'string',
    description:
      'none (default) or openim-3.8: answer as a real OpenIM 3.8 + chat 1.8 deployment (no wallet, no fuzzy search, uploads to a second origin; docs/server.md)',
  },
];

function parseValue(spec: FlagSpec, raw: string): unknown {
  switch (spec.kind) {
    case 'number': {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new Error(`${spec.flag} expects a number, got ${JSON.stringify(raw)}`);
      return n;
    }
    case 'boolean':
      return !['0', 'false', 'no', 'off', ''].includes(raw.toLowerCase());
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

/**
 * Parses argv (with `node:util`'s parseArgs) and the environment; flags win. Booleans are bare flags
 * (`--memory`); `--name=value` and `--name value` both work for the rest. Returns `help: true` for --help.
 */
export function parseArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { help: boolean; config: Partial<ServerConfig> } {
  const out: Record<string, unknown> = {};
  const chat: Record<string, unknown> = {};
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const spec of [...FLAGS, ...CHAT_FLAGS])
    options[spec.flag.slice(2)] = { type: spec.kind === 'boolean' ? 'boolean' : 'string' };
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseCommandLine({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (err) {
    // Node words it "Unknown option '--x'"; keep one style of message for every refusal.
    throw new Error(`${(err as Error).message.split('.')[0]?.replace(/^Unknown/, 'unknown')} (see --help)`);
  }
  for (const spec of FLAGS) {
    const fromEnv = env[spec.env];
    const given = values[spec.flag.slice(2)];
    if (given !== undefined)
      out[spec.key] = spec.kind === 'boolean' ? given : parseValue(spec, String(given));
    else if (fromEnv !== undefined && fromEnv !== '') out[spec.key] = parseValue(spec, fromEnv);
  }
  for (const spec of CHAT_FLAGS) {
    const fromEnv = env[spec.env];
    const given = values[spec.flag.slice(2)];
    const asServer = { ...spec, key: 'chat' as const };
    if (given !== undefined)
      chat[spec.key] = spec.kind === 'boolean' ? given : parseValue(asServer, String(given));
    else if (fromEnv !== undefined && fromEnv !== '') chat[spec.key] = parseValue(asServer, fromEnv);
  }
  if (Object.keys(chat).length > 0) out['chat'] = chat;
  // Values were converted per FlagSpec.kind, which matches the key's type.
  return { help: values['help'] === true, config: out };
}

export function helpText(): string {
  const lines = [
    'Usage: npm run server -- [options]',
    '',
    'TeamIM embedded server: OpenIM-compatible API under /api, WebSocket under /ws, chat API under /chat.',
    '',
    'Options (each also settable through the environment variable shown):',
  ];
  for (const f of FLAGS)
    lines.push(
      `  ${(f.flag + (f.kind === 'boolean' ? '' : ' <value>')).padEnd(30)} ${f.env.padEnd(30)} ${f.description}`,
    );
  lines.push('', 'Chat module options:');
  for (const f of CHAT_FLAGS)
    lines.push(
      `  ${(f.flag + (f.kind === 'boolean' ? '' : ' <value>')).padEnd(30)} ${f.env.padEnd(30)} ${f.description}`,
    );
  lines.push('');
  lines.push(`  ${'--help'.padEnd(30)} ${''.padEnd(30)} show this help`);
  return lines.join('\n');
}
