import { RemoteError } from '@teamim/application';
import { expect, it } from 'vitest';
import type { ImWorld } from './im-worlds';

/** Options of a contract run: cases a side cannot run yet, with the reason (reported as todo, never as a pass). */
export interface ImContractOptions {
  readonly todo?: Readonly<Record<string, string>>;
}

/** The code a port call rejected with; fails when it resolves or rejects with something else. */
export async function codeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (e: unknown) {
    expect(e).toBeInstanceOf(RemoteError);
    return (e as RemoteError).code;
  }
  throw new Error('expected the call to be rejected');
}

/** Declares one contract case, or a todo with its reason when this side cannot run it yet. */
export function contractCase(
  options: ImContractOptions,
  name: string,
  run: () => Promise<void>,
  timeoutMs?: number,
): void {
  const reason = options.todo?.[name];
  if (reason !== undefined) it.todo(`${name} (${reason})`);
  else it(name, run, timeoutMs);
}

/** Collects everything a stream emits until `stop()`. */
export function recorder<T>(stream: { subscribe(next: (value: T) => void): { unsubscribe(): void } }): {
  readonly values: T[];
  stop(): void;
} {
  const values: T[] = [];
  const subscription = stream.subscribe((v) => values.push(v));
  return { values, stop: () => subscription.unsubscribe() };
}

export type MakeWorld = () => Promise<ImWorld>;
