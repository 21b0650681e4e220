import { describe, expect, it } from 'vitest';
import { AudioWarmUp } from './audio-warm-up';

/** Contexts as the browser would make them, each recording whether it was closed. */
function contexts(fail?: 'create' | 'close') {
  const made: { closed: boolean }[] = [];
  const create = () => {
    if (fail === 'create') throw new DOMException('no audio output', 'NotSupportedError');
    const context = { closed: false };
    made.push(context);
    return {
      close: () => {
        context.closed = true;
        return fail === 'close' ? Promise.reject(new Error('gone')) : Promise.resolve();
      },
    };
  };
  return { made, create };
}

describe('AudioWarmUp', () => {
  it('starts the audio output once per page, with a context it closes at once', () => {
    const { made, create } = contexts();
    const warmUp = new AudioWarmUp(create);
    warmUp.warm();
    warmUp.warm();
    expect(made).toEqual([{ closed: true }]);
  });

  it('lets the join go on where there is no audio output or it cannot be closed', async () => {
    const refused = contexts('create');
    expect(() => new AudioWarmUp(refused.create).warm()).not.toThrow();
    const stuck = contexts('close');
    new AudioWarmUp(stuck.create).warm();
    await Promise.resolve();
    expect(stuck.made).toEqual([{ closed: true }]);
    expect(() => new AudioWarmUp(undefined).warm()).not.toThrow();
  });
});
