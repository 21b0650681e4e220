import type { SchedulerLike } from 'rxjs';

/**
 * The only source of time in the application. `scheduler` is what every RxJS
 * timing operator (debounceTime, timer, delay) must be given, so that tests can
 * drive time with a fake clock instead of waiting.
 */
export abstract class Clock {
  /** Milliseconds since the Unix epoch. */
  abstract now(): number;
  /** The local time zone's offset from UTC in minutes at `atMs` (e.g. 480 for China), for calendar rules. */
  abstract utcOffsetMinutes(atMs: number): number;
  /** Scheduler that shares this clock's notion of time. */
  abstract readonly scheduler: SchedulerLike;
}
