/**
 * What the recorded scenario needs from a deployment: where its two HTTP APIs are, and the two things a
 * real chat + OpenIM and the local server do differently outside the client's calls (how a registration
 * code is had, how an administrator's IM token is had). The recorder fills it for a real deployment,
 * the differential test for the local server in its `openim-3.8` profile.
 */
export interface Deployment {
  /** chat's API, e.g. `http://127.0.0.1:10008` (real) or `http://127.0.0.1:<port>/chat` (local). */
  readonly chatUrl: string;
  /** OpenIM's API, e.g. `http://127.0.0.1:10002` (real) or `http://127.0.0.1:<port>/api` (local). */
  readonly imUrl: string;
  /** The verification code chat accepts for this account after a code was sent to it. */
  codeFor(identifier: PhoneIdentifier, usedFor: number): Promise<string>;
  /** An IM token of an administrator, for the calls only a server-side tool makes (`/msg/send_msg`). */
  adminImToken(): Promise<string>;
}

export interface PhoneIdentifier {
  readonly areaCode: string;
  readonly phoneNumber: string;
}

/** An HTTP answer as received. */
export interface RawAnswer {
  readonly status: number;
  /** The media type only (`application/json`), without parameters. */
  readonly contentType: string;
  /** The parsed JSON when the answer is JSON, otherwise the text. */
  readonly body: unknown;
}

export type Api = 'chat' | 'im';

export async function call(
  deployment: Deployment,
  api: Api,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body: unknown,
): Promise<RawAnswer> {
  const base = api === 'chat' ? deployment.chatUrl : deployment.imUrl;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      // As the client sends them: both headers on every call, an empty token before sign-in.
      token,
      operationID: `contract-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const text = await response.text();
  let parsed: unknown = text;
  if (contentType === 'application/json') {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, contentType, body: parsed };
}
