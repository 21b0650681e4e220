import { asyncScheduler, NEVER, Subject, type Observable, type SchedulerLike } from 'rxjs';
import {
  CallSignalling,
  Clock,
  FileUploader,
  IdGenerator,
  Logger,
  Notifier,
  RemoteError,
  type PickedFile,
  type ReceivedCallSignal,
  type Toast,
} from '@teamim/application';

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

/** Code for "this client cannot do that yet"; negative so it never collides with server codes. */
export const NOT_AVAILABLE_CODE = -2001;

/*
 * Uploads and call signalling that no adapter provides refuse with a typed error instead of pretending
 * to work (image processing is CanvasFileProcessor's).
 */
export class UnavailableFileUploader extends FileUploader {
  upload(_file: PickedFile): Promise<string> {
    return Promise.reject(new RemoteError(NOT_AVAILABLE_CODE, 'file upload is not available yet'));
  }
}
export class UnavailableCallSignalling extends CallSignalling {
  readonly signals$: Observable<ReceivedCallSignal> = NEVER;
  send(): Promise<void> {
    return Promise.reject(new RemoteError(NOT_AVAILABLE_CODE, 'calls are not available yet'));
  }
}
