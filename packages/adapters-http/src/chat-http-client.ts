import axios, { AxiosError, type AxiosAdapter, type AxiosInstance } from 'axios';
import { RemoteError } from '@teamim/application';
import { classifyServerError, TransportErrorCode, type ServerError } from '@teamim/domain';

/** Spec §7: "The base is the configured chat API address with a 25 s timeout." */
export const CHAT_API_TIMEOUT_MS = 25_000;

/** Where the chat (business) and wallet API lives. */
export interface ChatApiConfig {
  /** e.g. `http://127.0.0.1:10002/chat`. */
  readonly baseURL: string;
  /** Defaults to {@link CHAT_API_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

export interface ChatHttpDeps {
  /** The token sent in the `token` header; read on every request so a new login is picked up. */
  readonly getToken: () => string;
  /** A fresh `operationID` per request; defaults to `crypto.randomUUID()`. */
  readonly operationID?: () => string;
  /** Replaces axios's transport (tests only); production uses the browser's XHR / fetch. */
  readonly transport?: AxiosAdapter;
  /**
   * Called before rejecting when the server says the login expired (1501, 1503-1505, spec §8):
   * the composition root shows "login expired" and logs out, as the spec's client does.
   */
  readonly onLoginExpired?: (error: ChatApiError) => void;
}

/** The chat API's response envelope: HTTP 200 and `{errCode, errMsg, errDlt, data}`. */
export interface ChatEnvelope {
  readonly errCode: number;
  readonly errMsg: string;
  readonly errDlt: string;
  readonly data?: unknown;
}

/** Codes for failures that never reached a server answer; they classify as "other" (show the message). */
export { TransportErrorCode };

/**
 * A rejected chat or wallet API call. `code` is the envelope's errCode (or a
 * {@link TransportErrorCode}); `body` is the envelope as received, when there was one.
 */
export class ChatApiError extends RemoteError {
  /** What the UI shows for this code, from the domain's error catalogue (spec §8). */
  readonly classified: ServerError;

  constructor(
    code: number,
    message: string,
    readonly path: string,
    readonly body: ChatEnvelope | undefined,
    /** The HTTP status, when an answer came at all. */
    readonly status?: number,
  ) {
    super(code, message);
    this.name = 'ChatApiError';
    this.classified = classifyServerError(code, message);
  }

  /** The server's detail text (`errDlt`), empty when there was none. */
  get errDlt(): string {
    return this.body?.errDlt ?? '';
  }

  /**
   * The deployment has no such route: a 404 without an envelope, which is how the real chat and IM
   * routers (gin) answer a path they do not know ("404 page not found" as plain text).
   */
  get isMissingRoute(): boolean {
    return this.code === TransportErrorCode.MissingRoute;
  }
}

function isEnvelope(value: unknown): value is ChatEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['errCode'] === 'number';
}

function envelopeOf(value: unknown): ChatEnvelope | undefined {
  if (!isEnvelope(value)) return undefined;
  const v = value as unknown as Record<string, unknown>;
  return {
    errCode: value.errCode,
    errMsg: typeof v['errMsg'] === 'string' ? v['errMsg'] : '',
    errDlt: typeof v['errDlt'] === 'string' ? v['errDlt'] : '',
    ...('data' in v ? { data: v['data'] } : {}),
  };
}

const randomOperationID = (): string => globalThis.crypto.randomUUID();

/**
 * The transport shared by the chat and wallet adapters: every request carries `token` and a fresh
 * `operationID`; errCode 0 resolves with `data`, anything else (including network failures and
 * timeouts) rejects with a {@link ChatApiError}. Nothing axios throws escapes untyped.
 */
export class ChatHttpClient {
  private readonly http: AxiosInstance;
  private readonly operationID: () => string;

  constructor(
    config: ChatApiConfig,
    private readonly deps: ChatHttpDeps,
  ) {
    if (config.baseURL.trim() === '') {
      throw new Error('chat API base URL is not configured');
    }
    this.operationID = deps.operationID ?? randomOperationID;
    this.http = axios.create({
      baseURL: config.baseURL.replace(/\/+$/, ''),
      timeout: config.timeoutMs ?? CHAT_API_TIMEOUT_MS,
      // The chat API answers 200 with an envelope; other statuses may still carry one (404 routes).
      validateStatus: () => true,
      ...(deps.transport === undefined ? {} : { adapter: deps.transport }),
    });
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, { data: body });
  }

  get<T>(path: string, params?: Readonly<Record<string, string | number>>): Promise<T> {
    return this.request<T>('GET', path, params === undefined ? {} : { params });
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    extra: { readonly data?: unknown; readonly params?: Readonly<Record<string, string | number>> },
  ): Promise<T> {
    let status: number;
    let payload: unknown;
    try {
      const response = await this.http.request<unknown>({
        method,
        url: path,
        headers: { token: this.deps.getToken(), operationID: this.operationID() },
        ...extra,
      });
      status = response.status;
      payload = response.data;
    } catch (cause: unknown) {
      throw transportError(path, cause);
    }
    const envelope = envelopeOf(payload);
    if (envelope === undefined) {
      const missing = status === 404;
      throw new ChatApiError(
        missing ? TransportErrorCode.MissingRoute : TransportErrorCode.InvalidResponse,
        missing
          ? `${path} does not exist on this server (HTTP 404)`
          : `unexpected response from ${path} (HTTP ${status})`,
        path,
        undefined,
        status,
      );
    }
    if (envelope.errCode !== 0) {
      const message = envelope.errMsg !== '' ? envelope.errMsg : envelope.errDlt;
      const error = new ChatApiError(envelope.errCode, message, path, envelope, status);
      if (error.classified.forceLogout) this.deps.onLoginExpired?.(error);
      throw error;
    }
    return envelope.data as T;
  }
}

function transportError(path: string, cause: unknown): ChatApiError {
  if (cause instanceof AxiosError) {
    const timedOut = cause.code === AxiosError.ECONNABORTED || cause.code === AxiosError.ETIMEDOUT;
    return new ChatApiError(
      timedOut ? TransportErrorCode.Timeout : TransportErrorCode.Network,
      timedOut ? `request to ${path} timed out` : `network error on ${path}: ${cause.message}`,
      path,
      undefined,
    );
  }
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ChatApiError(
    TransportErrorCode.Network,
    `request to ${path} failed: ${detail}`,
    path,
    undefined,
  );
}
