import { ApplicationHandleResult } from '../entities/application';

/** Small list updates used by the contact reducers of §4 (replace, remove or append). */

/** Replaces the first entry with the same key, or appends the item. */
export function upsertBy<T>(list: readonly T[], item: T, key: (entry: T) => string): readonly T[] {
  const target = key(item);
  const index = list.findIndex((entry) => key(entry) === target);
  if (index === -1) return [...list, item];
  return list.map((entry, i) => (i === index ? item : entry));
}

export function removeBy<T>(list: readonly T[], id: string, key: (entry: T) => string): readonly T[] {
  return list.filter((entry) => key(entry) !== id);
}

/** §4 The unhandled count is the number of applications with handleResult 0. */
export function countUnhandled(applications: readonly { readonly handleResult: number }[]): number {
  return applications.filter(
    (application) => application.handleResult === ApplicationHandleResult.Unprocessed,
  ).length;
}
