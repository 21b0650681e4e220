import type { LocalizedText } from '@teamim/domain';

/** Strings of the signed-in frame that are not in the core table. */
export const SHELL_MESSAGES = {
  'ui.shell.skipToContent': { 'zh-CN': '跳到主要内容', 'en-US': 'Skip to main content' },
  'ui.shell.searchShortcut': { 'zh-CN': 'Ctrl+K', 'en-US': 'Ctrl+K' },
  'ui.chat.unknownTitle': { 'zh-CN': '找不到这个会话', 'en-US': 'Conversation not found' },
  'ui.chat.unknownBody': {
    'zh-CN': '它可能已被删除，或者你不是它的成员。',
    'en-US': 'It may have been deleted, or you are not part of it.',
  },
  'ui.chat.backToChats': { 'zh-CN': '返回消息列表', 'en-US': 'Back to chats' },
  'ui.chat.pageTitle': { 'zh-CN': '消息', 'en-US': 'Chats' },
} as const satisfies Record<string, LocalizedText>;
