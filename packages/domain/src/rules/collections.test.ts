import { describe, expect, it } from 'vitest';
import { ApplicationHandleResult } from '../entities/application';
import { countUnhandled, removeBy, upsertBy } from './collections';

const byID = (entry: { id: string }) => entry.id;

describe('§4 Contacts and groups list updates', () => {
  it('§4 lists are updated by replacing, removing or appending entries', () => {
    const list = [
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
    ];
    expect(upsertBy(list, { id: 'b', v: 2 }, byID)).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
    ]);
    expect(upsertBy(list, { id: 'c', v: 1 }, byID)).toEqual([...list, { id: 'c', v: 1 }]);
    expect(removeBy(list, 'a', byID)).toEqual([{ id: 'b', v: 1 }]);
    expect(list).toHaveLength(2);
  });

  it('§4 the unhandled count is the number of applications with handleResult 0', () => {
    expect(
      countUnhandled([
        { handleResult: ApplicationHandleResult.Unprocessed },
        { handleResult: ApplicationHandleResult.Agree },
        { handleResult: ApplicationHandleResult.Unprocessed },
        { handleResult: ApplicationHandleResult.Unprocessed },
      ]),
    ).toBe(3);
    // Only handled requests: a count of handled ones instead of unhandled ones would show a badge here.
    expect(
      countUnhandled([
        { handleResult: ApplicationHandleResult.Agree },
        { handleResult: ApplicationHandleResult.Reject },
      ]),
    ).toBe(0);
    expect(countUnhandled([])).toBe(0);
  });
});
