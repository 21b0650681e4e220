import type { LocalizedText } from '@teamim/domain';

/** Strings of the conversation list and the chat view (keys under `ui.chat.`). */
export const CHAT_MESSAGES = {
  'ui.chat.emptyTitle': { 'zh-CN': '开始聊天吧', 'en-US': 'Start chatting' },
  'ui.chat.emptyBody': {
    'zh-CN': '创建一个群聊，和团队一起沟通。',
    'en-US': 'Create a group and talk with your team.',
  },
  'ui.chat.createNow': { 'zh-CN': '立即创建', 'en-US': 'Create now' },
  'ui.chat.conversationPending': {
    'zh-CN': '会话视图即将推出。',
    'en-US': 'The conversation view arrives with a later issue.',
  },
} as const satisfies Record<string, LocalizedText>;
