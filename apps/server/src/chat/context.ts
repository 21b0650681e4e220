import type Database from 'better-sqlite3';
import type { ChatConfig } from './config';
import type { ImFacade } from './im-facade';

/** Milliseconds since the epoch; injectable so tests can jump ahead (code expiry, red-packet refunds). */
export interface Clock {
  now(): number;
}

const systemClock: Clock = { now: () => Date.now() };

/** The part of a pino/Fastify logger the chat module uses. */
export interface ChatLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ChatDeps {
  db: Database.Database;
  im: ImFacade;
  config: ChatConfig;
  logger: ChatLogger;
  clock?: Clock;
  /** Prints a line for the person at the terminal (dev-mode verification codes); none by default. */
  announce?: ((line: string) => void) | undefined;
}

export interface ChatContext {
  db: Database.Database;
  im: ImFacade;
  config: ChatConfig;
  logger: ChatLogger;
  clock: Clock;
  announce: (line: string) => void;
}

export const toContext = (deps: ChatDeps): ChatContext => ({
  db: deps.db,
  im: deps.im,
  config: deps.config,
  logger: deps.logger,
  clock: deps.clock ?? systemClock,
  announce: deps.announce ?? (() => undefined),
});
