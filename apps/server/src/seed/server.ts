import { type RunningServer, type ServerParts, createServer as createRunningServer } from '../app';
import type { ServerConfig } from '../config';
import { seedDemo } from './demo';
import { createLargeSeedIm, seedLarge } from './large';

/** Writes the data set `--seed` names into a server that is not listening yet. */
async function seedAtStartup(parts: ServerParts): Promise<void> {
  const { config, log, chatDeps, chatServices } = parts;
  if (config.seed === 'demo') {
    const seeded = await seedDemo(chatDeps, chatServices);
    if (seeded.created) log.info({ skipped: seeded.skipped }, 'demo data seeded');
    else log.info({}, 'demo seed skipped: the data directory already has the demo accounts');
  }
  if (config.seed === 'large') {
    const seeded = await seedLarge(chatDeps, createLargeSeedIm(parts.core, parts.im), {}, chatServices);
    log.info(seeded, seeded.created ? 'large data seeded' : 'large seed skipped: already there');
  }
}

/**
 * The server with `--seed` honoured: what the command line and the package entry start. Seeding lives here,
 * apart from the running server (`app.ts` and everything it imports never import `src/seed`).
 */
export function createServer(partial: Partial<ServerConfig> = {}): Promise<RunningServer> {
  return createRunningServer(partial, { beforeListen: seedAtStartup });
}
