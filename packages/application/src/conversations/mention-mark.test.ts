import { describe, expect, it } from 'vitest';
import { GroupAtType, type Conversation } from '@teamim/domain';
import { drainMicrotasks } from '../testing/fake-clock';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { Logger } from '../ports/logger.port';
import { clearMentionMark } from './mention-mark';

function setUp(fail = false) {
  const resets: string[] = [];
  const warnings: [string, unknown][] = [];
  const gateway = {
    resetGroupAtType: (conversationID: string) => {
      resets.push(conversationID);
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
  } as unknown as ConversationsGateway;
  const logger = {
    warn: (text: string, context: unknown) => warnings.push([text, context]),
  } as unknown as Logger;
  return { gateway, logger, resets, warnings };
}
const group = (groupAtType: number): Conversation =>
  ({ conversationID: 'sg_team', groupAtType }) as unknown as Conversation;

describe('the list’s mention mark is cleared when read', () => {
  it('clears a mention of the user, or of all, through the SDK, without a warning', async () => {
    const { gateway, logger, resets, warnings } = setUp();
    for (const type of [GroupAtType.AtMe, GroupAtType.AtAll, GroupAtType.AtAllAtMe]) {
      clearMentionMark(gateway, logger, group(type));
    }
    await drainMicrotasks();
    expect(resets).toEqual(['sg_team', 'sg_team', 'sg_team']);
    expect(warnings).toEqual([]);
  });

  it('asks nothing of the SDK when there is no mention mark', async () => {
    const { gateway, logger, resets } = setUp();
    clearMentionMark(gateway, logger, group(GroupAtType.AtNormal));
    clearMentionMark(gateway, logger, group(GroupAtType.AtGroupNotice));
    await drainMicrotasks();
    expect(resets).toEqual([]);
  });

  it('a failed clear is logged as a warning with the conversation', async () => {
    const { gateway, logger, warnings } = setUp(true);
    clearMentionMark(gateway, logger, group(GroupAtType.AtMe));
    await drainMicrotasks();
    expect(warnings).toEqual([['clearing the mention mark failed', { conversationID: 'sg_team' }]]);
  });
});
