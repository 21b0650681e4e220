import { RemoteError } from '@teamim/application';

/** errCode used when the SDK rejected without one (e.g. a call the wasm does not back, or a crash). */
export const SDK_FAILURE_CODE = -1;

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * Turns whatever an SDK call rejected with into a RemoteError carrying the SDK's or server's errCode.
 * The wasm SDK rejects with its `{errCode, errMsg}` envelope; a missing code becomes -1.
 */
export function toRemoteError(cause: unknown, method: string): RemoteError {
  if (cause instanceof RemoteError) return cause;
  const code = field(cause, 'errCode');
  const errMsg = field(cause, 'errMsg');
  const message =
    typeof errMsg === 'string' && errMsg !== ''
      ? errMsg
      : cause instanceof Error
        ? cause.message
        : typeof field(cause, 'message') === 'string'
          ? String(field(cause, 'message'))
          : `${method} failed`;
  return new RemoteError(typeof code === 'number' && code !== 0 ? code : SDK_FAILURE_CODE, message);
}

/** Calls the SDK and returns the `data` of its response, rejecting with a RemoteError. */
export async function invoke<T>(method: string, call: () => Promise<{ readonly data: T }>): Promise<T> {
  let response: { readonly data: T; readonly errCode?: unknown };
  try {
    response = await call();
  } catch (cause: unknown) {
    throw toRemoteError(cause, method);
  }
  // Some transports (e.g. an IPC proxy) resolve with a non-zero errCode instead of rejecting.
  const code = field(response, 'errCode');
  if (typeof code === 'number' && code !== 0) throw toRemoteError(response, method);
  return response.data;
}

/** A bad argument caught before it reaches the SDK (the server's ArgsError code). */
export function argumentError(message: string): RemoteError {
  return new RemoteError(1001, message);
}
