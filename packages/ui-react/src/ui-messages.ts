import type { LocalizedText } from '@teamim/domain';
import { CALL_MESSAGES } from './calls/messages';
import { CALL_HISTORY_MESSAGES } from './call-history/messages';
import { MESSAGE_ACTION_MESSAGES } from './chat/actions/messages';
import { MEDIA_MESSAGES } from './chat/media/messages';
import { CHAT_MESSAGES } from './chat/messages';
import { QUOTE_MESSAGES } from './chat/quote/messages';
import { CONTACT_MESSAGES } from './contacts/messages';
import type { DESKTOP_MESSAGES } from './desktop/messages';
import type { MEETING_ROOM_MESSAGES } from './meeting-room/messages';
import { GROUP_MESSAGES } from './groups/messages';
import { NOTIFICATION_MESSAGES } from './notifications/messages';
import { SHELL_MESSAGES } from './shell/messages';
import { SIGN_IN_MESSAGES } from './sign-in/messages';
import { WALLET_MESSAGES } from './wallet/messages';

/**
 * The UI's own strings (labels, titles, states), next to the domain's table of validation, error and
 * toast texts. Keys live under `ui.` so they never collide with the domain's keys.
 */
const CORE_MESSAGES = {
  'ui.app.name': { 'zh-CN': 'TeamIM', 'en-US': 'TeamIM' },
  'ui.language.label': { 'zh-CN': '语言', 'en-US': 'Language' },
  'ui.language.zh-CN': { 'zh-CN': '简体中文', 'en-US': '简体中文' },
  'ui.language.en-US': { 'zh-CN': 'English', 'en-US': 'English' },

  'ui.field.email': { 'zh-CN': '邮箱', 'en-US': 'E-mail' },
  'ui.field.areaCode': { 'zh-CN': '区号', 'en-US': 'Area code' },
  'ui.field.phone': { 'zh-CN': '手机号', 'en-US': 'Phone number' },
  'ui.field.password': { 'zh-CN': '密码', 'en-US': 'Password' },
  'ui.field.newPassword': { 'zh-CN': '新密码', 'en-US': 'New password' },
  'ui.field.confirmPassword': { 'zh-CN': '确认密码', 'en-US': 'Confirm password' },
  'ui.field.verificationCode': { 'zh-CN': '验证码', 'en-US': 'Verification code' },
  'ui.field.nickname': { 'zh-CN': '昵称', 'en-US': 'Nickname' },
  'ui.field.invitationCode': { 'zh-CN': '邀请码（选填）', 'en-US': 'Invitation code (optional)' },
  'ui.action.signIn': { 'zh-CN': '登录', 'en-US': 'Sign in' },
  'ui.action.register': { 'zh-CN': '注册并登录', 'en-US': 'Register and sign in' },
  'ui.action.resetPassword': { 'zh-CN': '重置密码', 'en-US': 'Reset password' },
  'ui.action.sendCode': { 'zh-CN': '获取验证码', 'en-US': 'Send code' },
  'ui.action.resendIn': { 'zh-CN': '{{seconds}} 秒后重新获取', 'en-US': 'Resend in {{seconds}} s' },
  'ui.action.cancel': { 'zh-CN': '取消', 'en-US': 'Cancel' },
  'ui.action.confirm': { 'zh-CN': '确定', 'en-US': 'OK' },
  'ui.nav.label': { 'zh-CN': '主导航', 'en-US': 'Main navigation' },
  'ui.nav.chat': { 'zh-CN': '消息', 'en-US': 'Chat' },
  'ui.nav.contact': { 'zh-CN': '通讯录', 'en-US': 'Contacts' },
  'ui.nav.unread': { 'zh-CN': '{{count}} 条未读', 'en-US': '{{count}} unread' },
  'ui.nav.applications': { 'zh-CN': '{{count}} 条待处理申请', 'en-US': '{{count}} pending requests' },
  'ui.nav.accountMenu': { 'zh-CN': '我的账号', 'en-US': 'My account' },
  'ui.menu.myInfo': { 'zh-CN': '我的信息', 'en-US': 'My info' },
  'ui.menu.balance': { 'zh-CN': '我的余额', 'en-US': 'My balance' },
  // The rest of sign-in by QR code's strings load with its views (qr-sign-in/messages.ts).
  'ui.menu.scanToSignIn': { 'zh-CN': '扫码登录', 'en-US': 'Scan to sign in' },
  'ui.menu.accountSettings': { 'zh-CN': '账号设置', 'en-US': 'Account settings' },
  'ui.menu.about': { 'zh-CN': '关于我们', 'en-US': 'About' },
  'ui.menu.logout': { 'zh-CN': '退出登录', 'en-US': 'Log out' },
  'ui.logout.confirmTitle': { 'zh-CN': '退出登录', 'en-US': 'Log out' },
  'ui.logout.confirmBody': { 'zh-CN': '确定要退出登录吗？', 'en-US': 'Do you want to log out?' },
  'ui.top.search': { 'zh-CN': '搜索', 'en-US': 'Search' },
  'ui.top.results': { 'zh-CN': '搜索结果', 'en-US': 'Search results' },
  'ui.top.searching': { 'zh-CN': '搜索中…', 'en-US': 'Searching…' },
  'ui.top.friends': { 'zh-CN': '联系人', 'en-US': 'Contacts' },
  'ui.top.groups': { 'zh-CN': '群组', 'en-US': 'Groups' },
  'ui.top.messages': { 'zh-CN': '聊天记录', 'en-US': 'Messages' },
  'ui.top.plus': { 'zh-CN': '添加', 'en-US': 'Add' },
  'ui.top.addFriend': { 'zh-CN': '添加好友', 'en-US': 'Add friends' },
  'ui.top.addGroup': { 'zh-CN': '添加群聊', 'en-US': 'Add group' },
  'ui.top.createGroup': { 'zh-CN': '创建群聊', 'en-US': 'Create group' },
  'ui.myInfo.title': { 'zh-CN': '我的信息', 'en-US': 'My info' },
  'ui.myInfo.userID': { 'zh-CN': '用户 ID', 'en-US': 'User ID' },
  'ui.myInfo.nickname': { 'zh-CN': '昵称', 'en-US': 'Nickname' },
  'ui.myInfo.close': { 'zh-CN': '关闭', 'en-US': 'Close' },

  'ui.state.connecting': { 'zh-CN': '连接中', 'en-US': 'Connecting' },
  'ui.state.connectFailed': { 'zh-CN': '连接失败', 'en-US': 'Connect failed' },
  'ui.state.offline': {
    'zh-CN': '连接已断开，正在等待网络…',
    'en-US': 'Connection lost. Waiting for the network…',
  },
  'ui.state.reconnecting': { 'zh-CN': '网络已恢复，正在重新连接…', 'en-US': 'Back online. Reconnecting…' },
  'ui.state.reconnected': { 'zh-CN': '已重新连接', 'en-US': 'Connected again' },
  'ui.state.syncing': { 'zh-CN': '同步中', 'en-US': 'Syncing' },
  'ui.state.syncFailed': { 'zh-CN': '同步失败', 'en-US': 'Sync failed' },
  'ui.state.online': { 'zh-CN': '在线', 'en-US': 'Online' },
  'ui.state.loadingClient': { 'zh-CN': '正在加载…', 'en-US': 'Loading…' },
  'ui.sync.progress': { 'zh-CN': '正在同步数据 {{percent}}%', 'en-US': 'Syncing data {{percent}}%' },

  'ui.error.title': { 'zh-CN': '出了点问题', 'en-US': 'Something went wrong' },
  'ui.error.notFound': { 'zh-CN': '404 · 页面不存在', 'en-US': '404 · This page does not exist' },
  'ui.error.recover': { 'zh-CN': '恢复', 'en-US': 'Recover' },
} as const satisfies Record<string, LocalizedText>;

type Tables = readonly Readonly<Record<string, LocalizedText>>[];
type UnionOf<T extends Tables> = T extends readonly [infer First, ...infer Rest extends Tables]
  ? First & UnionOf<Rest>
  : unknown;

/** One table of the features' tables; a key defined twice throws when the module loads. */
export function unionOf<T extends Tables>(...tables: T): UnionOf<T> {
  const all: Record<string, LocalizedText> = {};
  for (const table of tables)
    for (const [key, text] of Object.entries(table)) {
      if (key in all) throw new Error(`the UI string ${key} is defined twice`);
      all[key] = text;
    }
  return all as UnionOf<T>;
}

// Each feature keeps its strings next to its views (its own `messages.ts`); the app's table is their union.
export const UI_MESSAGES = unionOf(
  CORE_MESSAGES,
  CALL_MESSAGES,
  CALL_HISTORY_MESSAGES,
  CHAT_MESSAGES,
  MEDIA_MESSAGES,
  MESSAGE_ACTION_MESSAGES,
  QUOTE_MESSAGES,
  CONTACT_MESSAGES,
  GROUP_MESSAGES,
  NOTIFICATION_MESSAGES,
  SHELL_MESSAGES,
  SIGN_IN_MESSAGES,
  WALLET_MESSAGES,
);

/** Every UI key: the app's table and the desktop views' own, which they register when they load. */
export type UiKey =
  keyof typeof UI_MESSAGES | keyof typeof DESKTOP_MESSAGES | keyof typeof MEETING_ROOM_MESSAGES;
