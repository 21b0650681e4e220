import { describe, expect, it } from 'vitest';
import { FakeMessageNotices } from '../fake-notices';
import { messageNoticesContract } from './message-notices.contract';

function fakeEnvironment(answer: 'granted' | 'denied', notices = new FakeMessageNotices()) {
  notices.answer = answer;
  return {
    notices,
    asksUser: true,
    prompts: () => notices.prompts,
    shown: () => notices.shown,
    click: (id: string) => notices.click(id),
  };
}

describe('FakeMessageNotices keeps the message-notices contract', () => {
  for (const contractCase of messageNoticesContract) {
    it(contractCase.name, async () => {
      await contractCase.run((answer) => fakeEnvironment(answer));
    });
  }

  it('is caught when it shows without permission or prompts unasked', async () => {
    const [shows, refuses] = messageNoticesContract;
    const ignoresPermission = new (class extends FakeMessageNotices {
      override show(n: Parameters<FakeMessageNotices['show']>[0]): Promise<boolean> {
        this.shown.push(n);
        return Promise.resolve(true);
      }
    })();
    await expect(refuses?.run((answer) => fakeEnvironment(answer, ignoresPermission))).rejects.toThrow(
      /show resolves false/,
    );
    const eager = new FakeMessageNotices();
    void eager.requestPermission();
    await expect(shows?.run((answer) => fakeEnvironment(answer, eager))).rejects.toThrow(/prompted/);
  });
});
