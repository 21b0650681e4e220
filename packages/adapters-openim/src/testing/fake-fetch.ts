import { OpenImContext } from '../context';
import type { FetchLike } from '../im-api';

/** A request the directory made. */
export interface Sent {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/** A `fetch` for the directory that answers with `answer(body)` and records what was sent. */
export function fakeFetch(answer: (body: unknown) => { status?: number; json: unknown }): {
  fetch: FetchLike;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  const fetch: FetchLike = (url, init) => {
    const body: unknown = JSON.parse(init.body);
    sent.push({ url, headers: init.headers, body });
    const { status = 200, json } = answer(body);
    return Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(json) });
  };
  return { fetch, sent };
}

/** A context signed in as `u1` with an IM token. */
export function signedIn(token = 'tok'): OpenImContext {
  const context = new OpenImContext();
  context.userID = 'u1';
  context.token = token;
  return context;
}
