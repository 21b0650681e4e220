import { createHmac } from 'node:crypto';

/**
 * Options of the chat module (accounts, business users, wallet, RTC tokens).
 *
 * Flat on purpose: the CORE's flag parser fills it from `CHAT_FLAGS` (flag, env var, key, kind)
 * and passes the result through `resolveChatConfig`, which applies defaults and the safety rules.
 */
export interface ChatConfig {
  /**
   * Dev mode: verification codes are written to the server log (there is no SMS or mail here).
   * Forced off on a non-loopback host. With dev mode off no code can be delivered, so sending
   * a code answers 500 "verification code delivery is not configured".
   */
  devMode: boolean;
  /** HS256 key of chat tokens; must differ from the IM token key. */
  chatSecret: string;
  /** Secret of the admin endpoints (`/chat/admin/*`, header `adminSecret` or `x-admin-secret`). */
  adminSecret: string;
  chatTokenTtlSeconds: number;
  /** Registration requires an invitation code (otherwise one is optional but still checked). */
  needInvitationCode: boolean;

  codeTtlSeconds: number;
  /** Wrong attempts allowed per code before it is burnt (20008). */
  codeMaxAttempts: number;
  /** Minimum seconds between two sends to one account (20005). */
  codeResendSeconds: number;
  /** Codes per account in 24 h (20005 beyond). */
  codeMaxSendsPerDay: number;
  /** Code sends per client IP in 24 h (20005 beyond). */
  codeMaxSendsPerIpPerDay: number;

  /** Failed logins per account within the window before 20005. */
  loginMaxFailures: number;
  /** Failed logins per client IP within the window before 20005. */
  loginMaxFailuresPerIp: number;
  loginFailureWindowSeconds: number;

  payPasswordMaxFailures: number;
  payPasswordLockSeconds: number;

  /** LiveKit server URL handed to clients; empty means calls are not configured. */
  liveKitUrl: string;
  liveKitApiKey: string;
  liveKitApiSecret: string;
  rtcTokenTtlSeconds: number;

  redPacketExpirySeconds: number;
  redPacketMaxAmountCents: number;
  redPacketMaxNum: number;
  /** Unit of the `amount` the client sends on red-packet send. */
  redPacketAmountUnit: 'cents' | 'yuan';
  /** Whether the sender may grab a share of their own group red packet. */
  senderMayClaimOwnGroupPacket: boolean;
  /** How often expired red packets are refunded in the background. */
  sweepIntervalSeconds: number;

  /** QR sign-in codes one address may create per ten minutes (20005 beyond). */
  qrCodesPerIp: number;
  /** Longest the waiting page's long poll is held open, in seconds (under the client's 25 s timeout). */
  qrWaitSeconds: number;
  /** How long a QR sign-in code may be scanned and confirmed; shorter only to watch codes expire in tests. */
  qrCodeSeconds: number;

  /** IANA time zone of `createTime` strings; empty means the server's own. */
  timeZone: string;
  /** scrypt cost parameter N for passwords and pay passwords (stored with each hash). */
  scryptCost: number;
  /**
   * The server's `--compat openim-3.8`: refuse dropped chat tokens with chat v1.8's 20101 and leave
   * this server's own fields out of `/user/find/full`.
   */
  realChatAnswers: boolean;
}

const defaultChatConfig = (): ChatConfig => ({
  devMode: true,
  chatSecret: '',
  adminSecret: 'openIM123',
  chatTokenTtlSeconds: 90 * 86_400,
  needInvitationCode: false,
  codeTtlSeconds: 600,
  codeMaxAttempts: 5,
  codeResendSeconds: 60,
  codeMaxSendsPerDay: 10,
  codeMaxSendsPerIpPerDay: 100,
  loginMaxFailures: 5,
  loginMaxFailuresPerIp: 50,
  loginFailureWindowSeconds: 900,
  payPasswordMaxFailures: 5,
  payPasswordLockSeconds: 900,
  liveKitUrl: '',
  liveKitApiKey: 'devkey',
  liveKitApiSecret: 'secret',
  rtcTokenTtlSeconds: 3600,
  redPacketExpirySeconds: 86_400,
  redPacketMaxAmountCents: 2_000_000,
  redPacketMaxNum: 100,
  redPacketAmountUnit: 'cents',
  senderMayClaimOwnGroupPacket: true,
  sweepIntervalSeconds: 60,
  // A waiting page makes about six codes in ten minutes; a shared office address has room for a few dozen.
  qrCodesPerIp: 60,
  qrWaitSeconds: 20,
  // As WhatsApp's and Discord's linking codes: about two minutes.
  qrCodeSeconds: 120,
  timeZone: '',
  scryptCost: 16_384,
  realChatAnswers: false,
});

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(?=\d)/, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export interface ResolveChatConfigContext {
  /** The listener's host; dev mode is forced off unless it is a loopback address. */
  host: string;
  /** Used to derive `chatSecret` when none is given (e.g. the IM token secret). */
  fallbackSecret?: string;
}

/** Applies defaults, derives the chat secret and enforces the safety rules. Throws on nonsense values. */
export function resolveChatConfig(partial: Partial<ChatConfig>, ctx: ResolveChatConfigContext): ChatConfig {
  const defined = Object.fromEntries(
    Object.entries(partial).filter(([, v]) => v !== undefined),
  ) as Partial<ChatConfig>;
  const cfg: ChatConfig = { ...defaultChatConfig(), ...defined };
  cfg.devMode = cfg.devMode && isLoopbackHost(ctx.host);
  if (!cfg.chatSecret) {
    if (!ctx.fallbackSecret)
      throw new Error('chatSecret (or a fallback secret to derive it from) is required');
    // A derived key keeps chat and IM tokens apart without another secret to manage.
    cfg.chatSecret = createHmac('sha256', ctx.fallbackSecret).update('teamim-chat-token-key').digest('hex');
  }
  const positive: (keyof ChatConfig)[] = [
    'chatTokenTtlSeconds',
    'codeTtlSeconds',
    'codeMaxAttempts',
    'codeMaxSendsPerDay',
    'codeMaxSendsPerIpPerDay',
    'loginMaxFailures',
    'loginMaxFailuresPerIp',
    'loginFailureWindowSeconds',
    'payPasswordMaxFailures',
    'payPasswordLockSeconds',
    'rtcTokenTtlSeconds',
    'redPacketExpirySeconds',
    'redPacketMaxAmountCents',
    'redPacketMaxNum',
    'sweepIntervalSeconds',
    'qrCodesPerIp',
    'qrWaitSeconds',
    'qrCodeSeconds',
  ];
  for (const key of positive) {
    const v = cfg[key];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)
      throw new Error(`chat option ${key} must be a positive integer`);
  }
  if (!Number.isSafeInteger(cfg.codeResendSeconds) || cfg.codeResendSeconds < 0)
    throw new Error('codeResendSeconds must be >= 0');
  if (cfg.redPacketAmountUnit !== 'cents' && cfg.redPacketAmountUnit !== 'yuan')
    throw new Error('redPacketAmountUnit must be cents or yuan');
  if (
    !Number.isSafeInteger(cfg.scryptCost) ||
    cfg.scryptCost < 2 ||
    (cfg.scryptCost & (cfg.scryptCost - 1)) !== 0
  ) {
    throw new Error('scryptCost must be a power of two');
  }
  if (cfg.timeZone) new Intl.DateTimeFormat('en', { timeZone: cfg.timeZone }); // throws RangeError on an unknown zone
  return cfg;
}

export interface ChatFlagSpec {
  flag: string;
  env: string;
  key: keyof ChatConfig;
  kind: 'string' | 'number' | 'boolean';
  description: string;
}

/** Command-line flags and environment variables of the chat module, for the server's --help and parser. */
export const CHAT_FLAGS: readonly ChatFlagSpec[] = [
  {
    flag: '--dev',
    env: 'TEAMIM_DEV',
    key: 'devMode',
    kind: 'boolean',
    description: 'dev mode: verification codes are written to the log (loopback hosts only; default on)',
  },
  {
    flag: '--chat-secret',
    env: 'TEAMIM_CHAT_SECRET',
    key: 'chatSecret',
    kind: 'string',
    description: 'HS256 key of chat tokens (default: derived from the token secret)',
  },
  {
    flag: '--invitation-required',
    env: 'TEAMIM_INVITATION_REQUIRED',
    key: 'needInvitationCode',
    kind: 'boolean',
    description: 'registration requires an invitation code',
  },
  {
    flag: '--code-ttl-seconds',
    env: 'TEAMIM_CODE_TTL_SECONDS',
    key: 'codeTtlSeconds',
    kind: 'number',
    description: 'verification code lifetime (default 600)',
  },
  {
    flag: '--code-max-attempts',
    env: 'TEAMIM_CODE_MAX_ATTEMPTS',
    key: 'codeMaxAttempts',
    kind: 'number',
    description: 'wrong tries per verification code (default 5)',
  },
  {
    flag: '--code-resend-seconds',
    env: 'TEAMIM_CODE_RESEND_SECONDS',
    key: 'codeResendSeconds',
    kind: 'number',
    description: 'minimum seconds between two codes to one account (default 60)',
  },
  {
    flag: '--code-max-sends-per-day',
    env: 'TEAMIM_CODE_MAX_SENDS_PER_DAY',
    key: 'codeMaxSendsPerDay',
    kind: 'number',
    description: 'codes per account per 24 h (default 10)',
  },
  {
    flag: '--login-max-failures',
    env: 'TEAMIM_LOGIN_MAX_FAILURES',
    key: 'loginMaxFailures',
    kind: 'number',
    description: 'failed logins per account per window before 20005 (default 5)',
  },
  {
    flag: '--login-failure-window-seconds',
    env: 'TEAMIM_LOGIN_FAILURE_WINDOW_SECONDS',
    key: 'loginFailureWindowSeconds',
    kind: 'number',
    description: 'login failure window (default 900)',
  },
  {
    flag: '--pay-password-max-failures',
    env: 'TEAMIM_PAY_PASSWORD_MAX_FAILURES',
    key: 'payPasswordMaxFailures',
    kind: 'number',
    description: 'wrong pay passwords before a lock (default 5)',
  },
  {
    flag: '--pay-password-lock-seconds',
    env: 'TEAMIM_PAY_PASSWORD_LOCK_SECONDS',
    key: 'payPasswordLockSeconds',
    kind: 'number',
    description: 'pay password lock duration (default 900)',
  },
  {
    flag: '--livekit-url',
    env: 'TEAMIM_LIVEKIT_URL',
    key: 'liveKitUrl',
    kind: 'string',
    description: 'LiveKit server URL for calls (default none: calls report "no livekit url provided")',
  },
  {
    flag: '--livekit-api-key',
    env: 'TEAMIM_LIVEKIT_API_KEY',
    key: 'liveKitApiKey',
    kind: 'string',
    description: 'LiveKit API key (default devkey)',
  },
  {
    flag: '--livekit-api-secret',
    env: 'TEAMIM_LIVEKIT_API_SECRET',
    key: 'liveKitApiSecret',
    kind: 'string',
    description: 'LiveKit API secret (default secret, as livekit-server --dev)',
  },
  {
    flag: '--red-packet-expiry-seconds',
    env: 'TEAMIM_RED_PACKET_EXPIRY_SECONDS',
    key: 'redPacketExpirySeconds',
    kind: 'number',
    description: 'unclaimed red packets are refunded after this (default 86400)',
  },
  // Tests of the live refund need a quick sweep
  {
    flag: '--red-packet-sweep-seconds',
    env: 'TEAMIM_RED_PACKET_SWEEP_SECONDS',
    key: 'sweepIntervalSeconds',
    kind: 'number',
    description: 'how often expired red packets are refunded (default 60)',
  },
  {
    flag: '--red-packet-max-amount-cents',
    env: 'TEAMIM_RED_PACKET_MAX_AMOUNT_CENTS',
    key: 'redPacketMaxAmountCents',
    kind: 'number',
    description: 'largest red packet in cents (default 2000000)',
  },
  {
    flag: '--red-packet-amount-unit',
    env: 'TEAMIM_RED_PACKET_AMOUNT_UNIT',
    key: 'redPacketAmountUnit',
    kind: 'string',
    description: 'unit of the red-packet amount the client sends: cents or yuan (default cents)',
  },
  {
    flag: '--qr-codes-per-ip',
    env: 'TEAMIM_QR_CODES_PER_IP',
    key: 'qrCodesPerIp',
    kind: 'number',
    description: 'QR sign-in codes one address may create per ten minutes (default 60)',
  },
  {
    flag: '--qr-wait-seconds',
    env: 'TEAMIM_QR_WAIT_SECONDS',
    key: 'qrWaitSeconds',
    kind: 'number',
    description: "longest a QR sign-in page's wait is held open (default 20)",
  },
  {
    flag: '--qr-code-seconds',
    env: 'TEAMIM_QR_CODE_SECONDS',
    key: 'qrCodeSeconds',
    kind: 'number',
    description: 'how long a QR sign-in code may be scanned and confirmed (default 120)',
  },
  {
    flag: '--time-zone',
    env: 'TEAMIM_TIME_ZONE',
    key: 'timeZone',
    kind: 'string',
    description: "IANA time zone of wallet createTime strings (default the server's)",
  },
];
