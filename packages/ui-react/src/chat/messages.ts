import type { LocalizedText } from '@teamim/domain';

/** Strings of the conversation list and the chat view (keys under `ui.chat.`). */
export const CHAT_MESSAGES = {
  'ui.chat.emptyTitle': { 'zh-CN': '开始聊天吧', 'en-US': 'Start chatting' },
  'ui.chat.emptyBody': {
    'zh-CN': '创建一个群聊，和团队一起沟通。',
    'en-US': 'Create a group and talk with your team.',
  },
  'ui.chat.createNow': { 'zh-CN': '立即创建', 'en-US': 'Create now' },
  'ui.chat.loading': { 'zh-CN': '正在加载…', 'en-US': 'Loading…' },

  'ui.chat.list.label': { 'zh-CN': '会话列表', 'en-US': 'Conversations' },
  'ui.chat.list.empty': { 'zh-CN': '暂无会话', 'en-US': 'No conversations yet' },
  'ui.chat.list.unread': { 'zh-CN': '{{count}} 条未读', 'en-US': '{{count}} unread' },
  'ui.chat.list.pinned': { 'zh-CN': '已置顶', 'en-US': 'pinned' },
  'ui.chat.list.muted': { 'zh-CN': '消息免打扰', 'en-US': 'notifications off' },
  'ui.chat.list.actions': { 'zh-CN': '会话操作', 'en-US': 'Conversation actions' },
  'ui.chat.menu.pin': { 'zh-CN': '置顶', 'en-US': 'Pin' },
  'ui.chat.menu.unpin': { 'zh-CN': '取消置顶', 'en-US': 'Unpin' },
  'ui.chat.menu.markRead': { 'zh-CN': '标为已读', 'en-US': 'Mark as read' },
  'ui.chat.menu.delete': { 'zh-CN': '删除会话', 'en-US': 'Delete conversation' },
  'ui.chat.menu.recvOptions': { 'zh-CN': '消息接收', 'en-US': 'Message receiving' },
  'ui.chat.recv.normal': { 'zh-CN': '正常接收', 'en-US': 'Receive and notify' },
  'ui.chat.recv.notReceive': { 'zh-CN': '不接收消息', 'en-US': 'Do not receive' },
  'ui.chat.recv.notNotify': { 'zh-CN': '接收但不提醒', 'en-US': 'Receive without notification' },

  'ui.chat.header.members': { 'zh-CN': '{{count}} 人', 'en-US': '{{count}} members' },
  'ui.chat.header.settings': { 'zh-CN': '会话设置', 'en-US': 'Conversation settings' },
  'ui.chat.header.actions': { 'zh-CN': '会话操作', 'en-US': 'Conversation actions' },
  'ui.chat.messages.label': { 'zh-CN': '消息', 'en-US': 'Messages' },
  'ui.chat.messages.loadingOlder': { 'zh-CN': '正在加载更早的消息…', 'en-US': 'Loading older messages…' },
  'ui.chat.messages.empty': { 'zh-CN': '还没有消息，打个招呼吧', 'en-US': 'No messages yet. Say hello!' },
  'ui.chat.latest.jump': { 'zh-CN': '跳到最新消息', 'en-US': 'Jump to latest' },
  'ui.chat.latest.newOne': { 'zh-CN': '1 条新消息', 'en-US': '1 new message' },
  'ui.chat.latest.newMany': { 'zh-CN': '{{count}} 条新消息', 'en-US': '{{count}} new messages' },
  'ui.chat.latest.newLabel': { 'zh-CN': '{{text}}，跳到最新消息', 'en-US': '{{text}}, jump to latest' },
  'ui.chat.message.sending': { 'zh-CN': '发送中', 'en-US': 'Sending' },
  'ui.chat.message.resend': { 'zh-CN': '发送失败，点击重发', 'en-US': 'Failed to send. Resend' },
  'ui.chat.message.notSent': { 'zh-CN': '发送失败', 'en-US': 'Not sent' },
  'ui.chat.message.fromSelf': { 'zh-CN': '我', 'en-US': 'Me' },

  'ui.chat.composer.label': { 'zh-CN': '输入消息', 'en-US': 'Message' },
  'ui.chat.composer.placeholder': {
    'zh-CN': 'Enter 发送，Shift+Enter 换行',
    'en-US': 'Enter to send, Shift+Enter for a new line',
  },
  'ui.chat.composer.toolbar': { 'zh-CN': '消息工具', 'en-US': 'Message tools' },
  'ui.chat.composer.send': { 'zh-CN': '发送', 'en-US': 'Send' },
  'ui.chat.composer.resize': { 'zh-CN': '调整输入框高度', 'en-US': 'Resize the message box' },

  'ui.chat.drawer.title': { 'zh-CN': '聊天设置', 'en-US': 'Chat settings' },
  'ui.chat.drawer.groupTitle': { 'zh-CN': '群聊设置', 'en-US': 'Group settings' },
  'ui.chat.drawer.close': { 'zh-CN': '关闭', 'en-US': 'Close' },
  'ui.chat.drawer.userID': { 'zh-CN': 'ID：{{id}}', 'en-US': 'ID: {{id}}' },
  'ui.chat.drawer.blacklist': { 'zh-CN': '加入黑名单', 'en-US': 'Add to blacklist' },
  'ui.chat.drawer.blacklistFailed': {
    'zh-CN': '黑名单未能更新，开关显示的是当前状态',
    'en-US': 'The blacklist was not updated; the switch shows the current state',
  },
  'ui.chat.drawer.blacklistRetry': { 'zh-CN': '重试', 'en-US': 'Retry' },
  'ui.chat.drawer.unfriend': { 'zh-CN': '解除好友', 'en-US': 'Unfriend' },
  'ui.chat.drawer.unfriendConfirm': {
    'zh-CN': '确定要解除与 {{name}} 的好友关系吗？',
    'en-US': 'Remove {{name}} from your friends?',
  },
} as const satisfies Record<string, LocalizedText>;
