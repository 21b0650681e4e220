import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/ });

const configSchema = z.object({
  /** Load the web app from this server instead of the bundled copy (development, or a hosted client). */
  serverUrl: httpUrl.optional(),
  /** The generic update provider's folder; no URL means no auto-update. */
  updateUrl: httpUrl.optional(),
});
export type DesktopConfig = z.infer<typeof configSchema>;

/**
 * Configuration comes from `config.json` next to the packaged app (written by whoever deploys it), and
 * the TEAMIM_SERVER_URL / TEAMIM_UPDATE_URL environment variables win over it. Invalid values are
 * errors: a mistyped update URL must not silently turn updates off.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  fileText: string | undefined,
): DesktopConfig {
  const fromFile: unknown = fileText === undefined ? {} : JSON.parse(fileText);
  const merged = {
    ...(typeof fromFile === 'object' && fromFile !== null ? fromFile : {}),
    ...(env['TEAMIM_SERVER_URL'] ? { serverUrl: env['TEAMIM_SERVER_URL'] } : {}),
    ...(env['TEAMIM_UPDATE_URL'] ? { updateUrl: env['TEAMIM_UPDATE_URL'] } : {}),
  };
  return configSchema.strict().parse(merged);
}
