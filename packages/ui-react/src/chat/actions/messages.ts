import type { LocalizedText } from '@teamim/domain';

/** Strings of the message actions, the forward dialog and the pinned banner. */
export const MESSAGE_ACTION_MESSAGES = {
  'ui.msg.actions': { 'zh-CN': '消息操作', 'en-US': 'Message actions' },
  'ui.msg.more': { 'zh-CN': '更多操作', 'en-US': 'More actions' },
  'ui.msg.copy': { 'zh-CN': '复制', 'en-US': 'Copy' },
  'ui.msg.saveAs': { 'zh-CN': '另存为', 'en-US': 'Save as' },
  'ui.msg.forward': { 'zh-CN': '转发', 'en-US': 'Forward' },
  'ui.msg.quote': { 'zh-CN': '引用', 'en-US': 'Quote' },
  'ui.msg.pin': { 'zh-CN': '置顶消息', 'en-US': 'Pin message' },
  'ui.msg.unpin': { 'zh-CN': '取消置顶', 'en-US': 'Unpin message' },
  'ui.msg.revoke': { 'zh-CN': '撤回', 'en-US': 'Revoke' },
  'ui.msg.delete': { 'zh-CN': '删除', 'en-US': 'Delete for me' },
  'ui.msg.deleteTitle': { 'zh-CN': '删除消息', 'en-US': 'Delete message' },
  'ui.msg.deleteBody': {
    'zh-CN': '消息将仅从你的设备上删除，对方仍可看到。',
    'en-US': 'The message is deleted for you only; the others still see it.',
  },
  'ui.msg.deleteConfirm': { 'zh-CN': '删除', 'en-US': 'Delete' },
  'ui.msg.forwardTitle': { 'zh-CN': '转发消息', 'en-US': 'Forward message' },
  'ui.msg.forwardSearch': { 'zh-CN': '搜索会话', 'en-US': 'Search conversations' },
  'ui.msg.forwardList': { 'zh-CN': '会话', 'en-US': 'Conversations' },
  'ui.msg.forwardNone': { 'zh-CN': '没有匹配的会话', 'en-US': 'No matching conversations' },
  'ui.msg.forwardSend': { 'zh-CN': '转发 ({{count}})', 'en-US': 'Forward ({{count}})' },
  'ui.msg.group': { 'zh-CN': '群聊', 'en-US': 'group' },
  'ui.msg.pinnedLabel': { 'zh-CN': '置顶消息', 'en-US': 'Pinned messages' },
  'ui.msg.pinnedOpen': {
    'zh-CN': '置顶消息 {{position}}/{{count}}：{{sender}}：{{text}}',
    'en-US': 'Pinned message {{position}} of {{count}}: {{sender}}: {{text}}',
  },
  'ui.msg.pinnedCount': { 'zh-CN': '置顶 {{position}}/{{count}}', 'en-US': 'Pinned {{position}}/{{count}}' },
  'ui.msg.cannotDisplay': { 'zh-CN': '无法显示此消息', 'en-US': 'Cannot display this message' },
} as const satisfies Record<string, LocalizedText>;
