import { asyncScheduler, Subject, type Observable, type SchedulerLike } from 'rxjs';
import { Clock, IdGenerator, Logger, Notifier, type Toast } from '@teamim/application';

/** Wall-clock time and the browser's time zone. */
export class BrowserClock extends Clock {
  readonly scheduler: SchedulerLike = asyncScheduler;
  now(): number {
    return Date.now();
  }
  utcOffsetMinutes(atMs: number): number {
    return -new Date(atMs).getTimezoneOffset();
  }
}

export class RandomIdGenerator extends IdGenerator {
  next(): string {
    return globalThis.crypto.randomUUID();
  }
}

/** Logs to the console; debug and info only when the build is a development build. */
export class ConsoleLogger extends Logger {
  constructor(private readonly verbose: boolean) {
    super();
  }
  debug(message: string, context?: Readonly<Record<string, unknown>>): void {
    if (this.verbose) console.warn('[debug]', message, context ?? '');
  }
  info(message: string, context?: Readonly<Record<string, unknown>>): void {
    if (this.verbose) console.warn('[info]', message, context ?? '');
  }
  warn(message: string, context?: Readonly<Record<string, unknown>>): void {
    console.warn(message, context ?? '');
  }
  error(message: string, context?: Readonly<Record<string, unknown>>): void {
    console.error(message, context ?? '');
  }
}

/** The Notifier port as a stream the UI's toaster subscribes to. */
export class StreamNotifier extends Notifier {
  private readonly subject = new Subject<Toast>();
  readonly toasts$: Observable<Toast> = this.subject.asObservable();
  notify(toast: Toast): void {
    // Warnings and errors also go to the console: a toast disappears, the log stays for support and tests.
    if (toast.level === 'warning' || toast.level === 'error') {
      console.warn(`[toast] ${toast.level} ${toast.key}`, toast.message ?? '');
    }
    this.subject.next(toast);
  }
}
