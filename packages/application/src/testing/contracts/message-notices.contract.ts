import { firstValueFrom, take, toArray } from 'rxjs';
import type { MessageNotice, MessageNotices } from '../../ports/message-notices.port';

/** One adapter under test, with the platform's side the test plays (the user's answer, a click). */
export interface MessageNoticesContractEnvironment {
  readonly notices: MessageNotices;
  /** Whether this platform asks the user at all (the browser does; the desktop shell never needs to). */
  readonly asksUser: boolean;
  /** How often the user was prompted. */
  prompts(): number;
  /** The notices the platform shows, as text. */
  shown(): readonly MessageNotice[];
  /** The user clicks the notice of this conversation. */
  click(conversationID: string): void;
}

export interface MessageNoticesContractCase {
  readonly name: string;
  /** `answer` is what the user answers when prompted. */
  run(make: (answer: 'granted' | 'denied') => MessageNoticesContractEnvironment): Promise<void>;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`contract violated: ${message}`);
}

const notice: MessageNotice = {
  conversationID: 'si_alice_bob',
  title: 'Bob <b>',
  body: '<img src=x onerror=alert(1)> see you at 5',
};

/**
 * What the notification service relies on: nobody is prompted until the switch asks; a shown notice
 * carries exactly the given text; its click comes back as its conversation; a refusal shows nothing.
 */
export const messageNoticesContract: readonly MessageNoticesContractCase[] = [
  {
    name: 'shows the given text once permitted, and a click reports its conversation',
    async run(make) {
      const env = make('granted');
      check(env.notices.permission() !== 'unsupported', 'the platform has notices');
      check(env.prompts() === 0, 'nobody is prompted before the switch asks');
      if (env.notices.permission() === 'default') await env.notices.requestPermission();
      check(env.notices.permission() === 'granted', `granted after asking: ${env.notices.permission()}`);
      const clicked = firstValueFrom(env.notices.clicks$.pipe(take(1), toArray()));
      check(await env.notices.show(notice), 'show resolves true');
      const shown = env.shown().at(-1);
      check(
        shown?.title === notice.title && shown.body === notice.body,
        `shown as the same text: ${JSON.stringify(shown)}`,
      );
      env.click(notice.conversationID);
      check((await clicked)[0] === notice.conversationID, 'the click reports the conversation id');
    },
  },
  {
    name: 'asking resolves to the answer; a refused permission shows nothing',
    async run(make) {
      const env = make('denied');
      const answer = await env.notices.requestPermission();
      if (!env.asksUser) {
        check(answer === 'granted', 'a platform that never asks is always permitted');
        return;
      }
      check(env.prompts() === 1, 'asked once');
      check(answer === 'denied' && env.notices.permission() === 'denied', `refused: ${answer}`);
      check(!(await env.notices.show(notice)), 'show resolves false');
      check(env.shown().length === 0, 'nothing shown');
    },
  },
];
