/**
 * OpenIM's HTTP envelope, the answer of every `/api` and `/chat` request. The HTTP status stays 200
 * for refusals (the SDK and the chat client read only `errCode`); unknown routes answer 404.
 */
export interface Envelope {
  errCode: number;
  errMsg: string;
  errDlt: string;
  data?: unknown;
}

/** Success; `data` is left out when there is none (chat's answers to commands). */
export const ok = (data?: unknown): Envelope =>
  data === undefined ? { errCode: 0, errMsg: '', errDlt: '' } : { errCode: 0, errMsg: '', errDlt: '', data };

/** A refusal; `data` only when the refusal has more to say than its code (left out otherwise). */
export const fail = (code: number, msg: string, dlt = '', data?: unknown): Envelope =>
  data === undefined
    ? { errCode: code, errMsg: msg, errDlt: dlt }
    : { errCode: code, errMsg: msg, errDlt: dlt, data };

/**
 * "Operation too frequent" (spec section 8): chat's code for its rate limits, which `/api` answers for its own
 * limits too, so a client reads one code for "try again later" from either API.
 */
export const TOO_FREQUENT = 20005;

/**
 * The root of every client-visible refusal, on HTTP and on the WebSocket: a code of the catalogue
 * (OpenIM's or chat's) with the message and detail the envelope carries. Anything else thrown by a
 * handler is a bug and answers 500 without details.
 */
export class ApiError extends Error {
  readonly errCode: number;
  readonly errMsg: string;
  readonly errDlt: string;
  /** What a refusal can still tell the client (a refused red-packet open: the packet); mostly absent. */
  data: unknown = undefined;

  constructor(errCode: number, errMsg: string, errDlt = '', message = errMsg) {
    super(message);
    this.name = 'ApiError';
    this.errCode = errCode;
    this.errMsg = errMsg;
    this.errDlt = errDlt;
  }

  toEnvelope(): Envelope {
    return fail(this.errCode, this.errMsg, this.errDlt, this.data);
  }
}
