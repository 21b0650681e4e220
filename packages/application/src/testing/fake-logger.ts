import { Logger } from '../ports/logger.port';

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly context?: Readonly<Record<string, unknown>>;
}

export class RecordingLogger extends Logger {
  readonly entries: LogEntry[] = [];
  private record(
    level: LogEntry['level'],
    message: string,
    context?: Readonly<Record<string, unknown>>,
  ): void {
    this.entries.push(context === undefined ? { level, message } : { level, message, context });
  }
  debug(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('debug', message, context);
  }
  info(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('info', message, context);
  }
  warn(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('warn', message, context);
  }
  error(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('error', message, context);
  }
}
