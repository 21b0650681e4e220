import type { Api, RawAnswer } from './deployment';

/** What the scenario's two halves (scenario.ts, scenario-im.ts) share. */

/** One recorded call: the request with its volatile values named (`{alice.userID}`), and the answer. */
export interface Exchange {
  readonly name: string;
  readonly description: string;
  readonly request: {
    readonly api: Api;
    readonly method: 'GET' | 'POST';
    readonly path: string;
    /** Which token was sent, by name (`alice.chat`, `alice.im.old`), or empty. */
    readonly token: string;
    readonly body: unknown;
  };
  readonly response: RawAnswer;
}

type RecordRequest = Omit<Exchange['request'], 'method'> & { readonly method?: 'GET' | 'POST' };
export type Recorder = (name: string, description: string, request: RecordRequest) => Promise<RawAnswer>;
export type Sender = (
  api: Api,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body: unknown,
) => Promise<RawAnswer>;

/** chat's and OpenIM's platform id of the web. */
export const WEB = 5;
export const PAGE = { pageNumber: 1, showNumber: 20 };

/** The `data` of a successful answer; anything else ends the scenario with what was answered. */
export function dataOf<T>(answer: RawAnswer, what: string): T {
  const body = answer.body as { errCode?: unknown; data?: unknown } | null;
  if (typeof body !== 'object' || body === null || body.errCode !== 0) {
    throw new Error(`${what} failed: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return body.data as T;
}
