import type { LocalizedText } from '@teamim/domain';

/** Strings of the sign-in, registration and password-reset screens (keys under `ui.login.`). */
export const SIGN_IN_MESSAGES = {
  'ui.login.title': { 'zh-CN': '欢迎使用 TeamIM', 'en-US': 'Welcome to TeamIM' },
  'ui.login.tab.login': { 'zh-CN': '登录', 'en-US': 'Sign in' },
  'ui.login.tab.register': { 'zh-CN': '注册', 'en-US': 'Register' },
  'ui.login.tab.reset': { 'zh-CN': '忘记密码', 'en-US': 'Forgot password' },
  'ui.login.tab.qr': { 'zh-CN': '扫码登录', 'en-US': 'QR code' },
  'ui.login.method.email': { 'zh-CN': '邮箱', 'en-US': 'E-mail' },
  'ui.login.method.phone': { 'zh-CN': '手机号', 'en-US': 'Phone' },
  'ui.login.identifierKind': { 'zh-CN': '账号类型', 'en-US': 'Account type' },
  'ui.login.credentialKind': { 'zh-CN': '登录方式', 'en-US': 'Sign in with' },
  'ui.login.withPassword': { 'zh-CN': '密码登录', 'en-US': 'Password sign-in' },
  'ui.login.withCode': { 'zh-CN': '验证码登录', 'en-US': 'Code sign-in' },
  'ui.login.codeSent': { 'zh-CN': '验证码已发送', 'en-US': 'Verification code sent' },
  'ui.login.resetDone': {
    'zh-CN': '密码已重置，请使用新密码登录',
    'en-US': 'Your password was reset. Sign in with the new password.',
  },
  'ui.login.subtitle.login': {
    'zh-CN': '团队沟通，从这里开始',
    'en-US': 'Sign in to chat with your team',
  },
  'ui.login.tabs': { 'zh-CN': '登录与注册', 'en-US': 'Sign in or register' },
  'ui.login.subtitle.register': { 'zh-CN': '创建你的 TeamIM 账号', 'en-US': 'Create your TeamIM account' },
  'ui.login.subtitle.reset': {
    'zh-CN': '用验证码设置新密码',
    'en-US': 'Set a new password with a verification code',
  },
  'ui.login.footer': {
    'zh-CN': 'TeamIM · 基于 OpenIM 的团队即时通讯',
    'en-US': 'TeamIM · team messaging on OpenIM',
  },
} as const satisfies Record<string, LocalizedText>;
