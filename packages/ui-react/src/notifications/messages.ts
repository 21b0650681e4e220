import type { LocalizedText } from '@teamim/domain';

/** The new-message notifications switch of Account settings. */
export const NOTIFICATION_MESSAGES = {
  'ui.notifications.label': { 'zh-CN': '新消息通知', 'en-US': 'New message notifications' },
  'ui.notifications.hint': {
    'zh-CN': '页面不在前台时，收到新消息会弹出通知',
    'en-US': 'Show a notification for new messages while TeamIM is in the background',
  },
  'ui.notifications.denied': {
    'zh-CN': '浏览器阻止了本网站的通知。请在浏览器的网站设置中允许通知，然后再打开此开关。',
    'en-US':
      "Your browser blocked notifications for this site. Allow them in the browser's site settings, then switch this on again.",
  },
  'ui.notifications.unsupported': {
    'zh-CN': '此浏览器无法显示通知。',
    'en-US': 'This browser cannot show notifications.',
  },
} as const satisfies Record<string, LocalizedText>;
