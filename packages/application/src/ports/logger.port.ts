/** Structured diagnostics. Never pass tokens or passwords in `context`. */
export abstract class Logger {
  abstract debug(message: string, context?: Readonly<Record<string, unknown>>): void;
  abstract info(message: string, context?: Readonly<Record<string, unknown>>): void;
  abstract warn(message: string, context?: Readonly<Record<string, unknown>>): void;
  abstract error(message: string, context?: Readonly<Record<string, unknown>>): void;
}
