import type { ChatHttpDeps } from '@teamim/adapters-http';
import type { FetchLike } from '@teamim/adapters-openim';
import type { RawAnswer } from './deployment';
import { recording } from './recordings';
import type { Exchange } from './scenario';

/** A request an adapter made to a replaying transport, and whether its body had the recorded keys. */
export interface Replayed {
  readonly path: string;
  /** Keys the adapter sent that the recorded request did not have, or lacked that it had. */
  readonly keyDifferences: readonly string[];
}

function keyDifferences(recorded: unknown, sent: unknown): string[] {
  const keys = (v: unknown) => (typeof v === 'object' && v !== null ? Object.keys(v) : []);
  const [r, s] = [keys(recorded), keys(sent)];
  return [
    ...r.filter((k) => !s.includes(k)).map((k) => `${k}: recorded, not sent`),
    ...s.filter((k) => !r.includes(k)).map((k) => `${k}: sent, not recorded`),
  ];
}

/** A recording by name, or one answered at another path (gin's 404 is the same for every path). */
export type Replaying = string | { readonly name: string; readonly at: string };

/**
 * Answers each request with the recorded answer of the next unused exchange of the same path, as the real
 * server sent it (JSON as text with its media type, gin's plain-text 404), and notes how the request the
 * adapter sent compares with the recorded one. An unexpected path fails the call.
 */
class Replay {
  readonly requests: Replayed[] = [];
  private readonly pending: Exchange[];

  constructor(names: readonly Replaying[]) {
    this.pending = names.map((n) => {
      if (typeof n === 'string') return recording(n);
      const exchange = recording(n.name);
      return { ...exchange, request: { ...exchange.request, path: n.at } };
    });
  }

  answer(path: string, sent: unknown): RawAnswer {
    const index = this.pending.findIndex((e) => e.request.path === path);
    const exchange = this.pending[index];
    if (exchange === undefined) throw new Error(`no recorded answer left for ${path}`);
    this.pending.splice(index, 1);
    this.requests.push({ path, keyDifferences: keyDifferences(exchange.request.body, sent) });
    return exchange.response;
  }
}

/** axios's transport, as `ChatHttpClient` takes it (its tests' seam). */
type Transport = NonNullable<ChatHttpDeps['transport']>;

const asText = (answer: RawAnswer): string =>
  typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);

/** An axios transport for `ChatHttpClient` that replays recorded chat answers. */
export function chatReplay(...names: Replaying[]): { transport: Transport; requests: Replayed[] } {
  const replay = new Replay(names);
  const transport: Transport = (config) => {
    const sent: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const answer = replay.answer(config.url ?? '', sent);
    return Promise.resolve({
      data: asText(answer),
      status: answer.status,
      statusText: '',
      headers: { 'content-type': answer.contentType },
      config,
    });
  };
  return { transport, requests: replay.requests };
}

/** A `fetch` for `OpenImDirectory` that replays recorded OpenIM answers. */
export function imReplay(apiAddr: string, ...names: Replaying[]): { fetch: FetchLike; requests: Replayed[] } {
  const replay = new Replay(names);
  const fetch: FetchLike = (url, init) => {
    const answer = replay.answer(url.slice(apiAddr.length), JSON.parse(init.body));
    const text = asText(answer);
    return Promise.resolve({
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: () => Promise.resolve(JSON.parse(text) as unknown),
    });
  };
  return { fetch, requests: replay.requests };
}
