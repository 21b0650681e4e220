import type { OpenImEventName, OpenImHandler, OpenImSdk } from '../sdk';

/**
 * A stand-in for the SDK object: records calls, answers them from a table and fires callbacks.
 * Only the mechanics of the adapters are tested here; the contract suites in tests/contract run the
 * same ports against the real SDK and server.
 */
export class ScriptedSdk {
  readonly handlers = new Map<string, Set<OpenImHandler>>();
  readonly calls: { method: string; args: unknown[] }[] = [];
  readonly answers = new Map<string, (...args: unknown[]) => unknown>();

  on(event: OpenImEventName, handler: OpenImHandler): void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
  }

  off(event: OpenImEventName, handler: OpenImHandler): void {
    this.handlers.get(event)?.delete(handler);
  }

  fire(event: OpenImEventName, data: unknown): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) h({ data, errCode: 0, errMsg: '' });
  }

  listenerCount(): number {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
  }

  asSdk(): OpenImSdk {
    // A Proxy answers every SDK method from `answers`; the cast attaches the SDK's method types to it.
    return new Proxy(this, {
      get: (target, property) => {
        if (property === 'on' || property === 'off') return target[property].bind(target);
        const name = String(property);
        return (...args: unknown[]) => {
          target.calls.push({ method: name, args });
          const answer = target.answers.get(name);
          if (!answer) return Promise.resolve({ errCode: 0, errMsg: '', data: null });
          try {
            return Promise.resolve({ errCode: 0, errMsg: '', data: answer(...args) });
          } catch (error: unknown) {
            return Promise.reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
      },
    }) as unknown as OpenImSdk;
  }
}

/** An SDK message item as the callbacks hand them on, with `over` replacing its fields. */
export function rawMessage(over: Record<string, unknown>): Record<string, unknown> {
  return {
    clientMsgID: 'c1',
    serverMsgID: '',
    createTime: 1,
    sendTime: 0,
    sessionType: 1,
    sendID: 'alice',
    recvID: 'bob',
    msgFrom: 100,
    contentType: 101,
    senderPlatformID: 5,
    senderNickname: 'Alice',
    senderFaceUrl: '',
    groupID: '',
    content: '',
    seq: 0,
    isRead: false,
    status: 1,
    textElem: { content: 'hi' },
    attachedInfoElem: {},
    ...over,
  };
}
