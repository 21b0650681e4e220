import { MediaServerProbe } from '@teamim/application';

/** How long a media server may take to answer before it counts as unreachable. */
export const MEDIA_SERVER_PROBE_TIMEOUT_MS = 8_000;

/** The plain HTTP(S) address a LiveKit server answers on, next to its `ws(s)://` signalling address. */
export function liveKitHttpUrl(serverUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined;
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * {@link MediaServerProbe} for LiveKit, which serves HTTP on its signalling port (`GET /` answers
 * "OK"). An opaque (`no-cors`) request is enough: any answer means the browser reached the server,
 * while a refused connection, an unknown host, mixed content or the page's CSP make it fail, exactly
 * as they would make the call's own WebSocket fail.
 */
export class LiveKitServerProbe extends MediaServerProbe {
  constructor(
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = MEDIA_SERVER_PROBE_TIMEOUT_MS,
  ) {
    super();
  }

  async reachable(serverUrl: string): Promise<boolean> {
    const httpUrl = liveKitHttpUrl(serverUrl);
    if (httpUrl === undefined) return false;
    try {
      await this.fetchFn(httpUrl, {
        mode: 'no-cors',
        cache: 'no-store',
        credentials: 'omit',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return true;
    } catch {
      return false;
    }
  }
}
