import { describe, expect, it } from 'vitest';
import type { Message } from '@teamim/domain';
import type { MessagesGateway } from '../ports/messages.port';
import { RemoteError } from '../shared/remote-error';
import { mergeLocalHistory, sdkCopy } from './server-preview';

const msg = (clientMsgID: string, seq: number, sendTime: number, ex = ''): Message =>
  ({ clientMsgID, seq, sendTime, createTime: sendTime, ex }) as unknown as Message;

describe('mergeLocalHistory: which shown messages stay once the SDK page arrives', () => {
  it('orders by seq where both messages have one, even against their send times (clock skew)', () => {
    // a's seq is older than the page's oldest though its send time is later: it goes.
    const shown = [msg('a', 4, 9000), msg('z', 8, 1000)];
    const local = [msg('b', 5, 5000), msg('c', 6, 6000)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      msg('b', 5, 5000),
      msg('c', 6, 6000),
      msg('z', 8, 1000),
    ]);
  });

  it('finds the page’s oldest by seq among several, and keeps shown ones of a later seq', () => {
    const shown = [msg('a', 4, 4000), msg('e', 7, 7000)];
    const local = [msg('c', 6, 6000), msg('b', 5, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      msg('c', 6, 6000),
      msg('b', 5, 5000),
      msg('e', 7, 7000),
    ]);
  });

  it('keeps a shown message whose seq equals the page’s oldest (not older)', () => {
    const shown = [msg('x', 5, 5000)];
    const local = [msg('b', 5, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([msg('b', 5, 5000), msg('x', 5, 5000)]);
  });

  it('orders by time when the page’s oldest has no seq', () => {
    const shown = [msg('a', 3, 1000), msg('n', 9, 8000)];
    const local = [msg('x', 0, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([msg('x', 0, 5000), msg('n', 9, 8000)]);
  });

  it('orders by time when the shown message has no seq: older unsent ones go, same-time ones stay', () => {
    const shown = [msg('old-failed', 0, 1000), msg('same', 0, 5000), msg('later', 0, 6000)];
    const local = [msg('x', 0, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      msg('x', 0, 5000),
      msg('same', 0, 5000),
      msg('later', 0, 6000),
    ]);
  });
});

describe("sdkCopy: the SDK's own copy of a message shown from the server", () => {
  const shown = msg('m2', 2, 2000, 'server');

  function gateway(find: (conversationID: string, ids: readonly string[]) => Promise<readonly Message[]>) {
    const calls: [string, readonly string[]][] = [];
    const fake = {
      findMessages: (conversationID: string, ids: readonly string[]) => {
        calls.push([conversationID, ids]);
        return find(conversationID, ids);
      },
    } as unknown as MessagesGateway;
    return { fake, calls };
  }

  it('asks the SDK for that one message and returns its copy, not another message it returns', async () => {
    const sdk = msg('m2', 2, 2000, 'sdk');
    const { fake, calls } = gateway(() => Promise.resolve([msg('m1', 1, 1000, 'sdk'), sdk]));
    expect(await sdkCopy(fake, 'si_a_b', shown)).toBe(sdk);
    expect(calls).toEqual([['si_a_b', ['m2']]]);
  });

  it('returns the shown message when the SDK does not hold it', async () => {
    const { fake } = gateway(() => Promise.resolve([msg('m1', 1, 1000, 'sdk')]));
    expect(await sdkCopy(fake, 'si_a_b', shown)).toBe(shown);
  });

  it('returns the shown message when the read fails', async () => {
    const { fake } = gateway(() => Promise.reject(new RemoteError(10002, 'sdk not ready')));
    expect(await sdkCopy(fake, 'si_a_b', shown)).toBe(shown);
  });
});
