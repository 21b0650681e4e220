import { VirtualTimeScheduler, type SchedulerLike } from 'rxjs';
import type { Clock } from '../ports/clock.port.js';

/**
 * A clock whose time only moves when a test says so. Timers created through its
 * scheduler (debounceTime, timer, delay…) fire during {@link FakeClock.advance}.
 * Promise continuations are drained between timers so that async use cases
 * observe time the way they would with real timers.
 */
export class FakeClock implements Clock {
  readonly scheduler: SchedulerLike;
  private readonly virtual = new VirtualTimeScheduler();

  /** @param epochMs wall-clock time at frame 0 (default 2026-01-15T09:00:00Z). */
  constructor(private readonly epochMs = 1_768_467_600_000) {
    // RxJS operators only use differences of scheduler.now(), so virtual frames (from 0) are enough there.
    this.scheduler = this.virtual;
  }

  /** Time zone of the fake clock; China (UTC+8) by default, like the product's default locale. */
  offsetMinutes = 480;

  now(): number {
    return this.epochMs + this.virtual.frame;
  }

  utcOffsetMinutes(): number {
    return this.offsetMinutes;
  }

  /** Moves time forward by `ms`, firing due timers in order and draining microtasks between them. */
  async advance(ms: number): Promise<void> {
    const target = this.virtual.frame + ms;
    await drainMicrotasks();
    for (;;) {
      const next = this.nextDue();
      if (next === undefined || next > target) {
        break;
      }
      this.virtual.maxFrames = next;
      this.virtual.flush();
      await drainMicrotasks();
    }
    this.virtual.frame = target;
    this.virtual.maxFrames = Number.POSITIVE_INFINITY;
  }

  private nextDue(): number | undefined {
    let min: number | undefined;
    for (const action of this.virtual.actions) {
      if (!action.closed && (min === undefined || action.delay < min)) {
        min = action.delay;
      }
    }
    return min;
  }
}

/** Lets pending promise chains settle; fakes resolve in a handful of hops. */
export async function drainMicrotasks(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await Promise.resolve();
  }
}
