import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/ });

/** The local server's address (apps/server's default port), used when nothing else is configured. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:10002';

const configSchema = z.object({
  /** The TeamIM/OpenIM server the client talks to (its /api, /ws and /chat). */
  serverUrl: httpUrl.default(DEFAULT_SERVER_URL),
  /**
   * Load the web app from serverUrl (which also serves it) instead of the copy bundled in the package:
   * for development, or to run the server's newer client without reinstalling.
   */
  loadFromServer: z.boolean().default(false),
  /** The generic update provider's folder; no URL means no auto-update. */
  updateUrl: httpUrl.optional(),
});
export type DesktopConfig = z.infer<typeof configSchema>;

/**
 * Configuration comes from `config.json` in the packaged app's resources (written by whoever deploys
 * it); TEAMIM_SERVER_URL, TEAMIM_LOAD_FROM_SERVER=1 and TEAMIM_UPDATE_URL win over it. Invalid values
 * are errors: a mistyped update URL must not silently turn updates off.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  fileText: string | undefined,
): DesktopConfig {
  const fromFile: unknown = fileText === undefined ? {} : JSON.parse(fileText);
  const merged = {
    ...(typeof fromFile === 'object' && fromFile !== null ? fromFile : {}),
    ...(env['TEAMIM_SERVER_URL'] ? { serverUrl: env['TEAMIM_SERVER_URL'] } : {}),
    ...(env['TEAMIM_LOAD_FROM_SERVER'] ? { loadFromServer: env['TEAMIM_LOAD_FROM_SERVER'] === '1' } : {}),
    ...(env['TEAMIM_UPDATE_URL'] ? { updateUrl: env['TEAMIM_UPDATE_URL'] } : {}),
  };
  return configSchema.strict().parse(merged);
}

/**
 * The `config.json` the bundled web app fetches at start (apps/web/src/config.ts): the server's
 * addresses, since the page's own origin is app://, and the desktop's OpenIM platform id.
 */
export function rendererConfig(
  serverUrl: string,
  platformID: number,
): Readonly<Record<string, string | number>> {
  const server = new URL(serverUrl);
  const base = `${server.origin}${server.pathname.replace(/\/+$/, '')}`;
  const ws = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}${server.pathname.replace(/\/+$/, '')}`;
  return { apiAddr: `${base}/api`, wsAddr: `${ws}/ws`, chatAddr: `${base}/chat`, platformID };
}
