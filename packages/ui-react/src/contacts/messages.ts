import type { LocalizedText } from '@teamim/domain';

/** Strings of the contact pages, cards and the add-friend / add-group flows (keys under `ui.contact.`). */
export const CONTACT_MESSAGES = {
  'ui.contact.title': { 'zh-CN': '通讯录', 'en-US': 'Contacts' },
  'ui.contact.myFriends': { 'zh-CN': '我的好友', 'en-US': 'My friends' },
  'ui.contact.myGroups': { 'zh-CN': '我的群组', 'en-US': 'My groups' },
  'ui.contact.newFriends': { 'zh-CN': '新的好友', 'en-US': 'New friends' },
  'ui.contact.groupNotifications': { 'zh-CN': '群通知', 'en-US': 'Group notifications' },
  'ui.contact.pending': {
    'zh-CN': '通讯录页面即将推出。',
    'en-US': 'The contact pages arrive with a later issue.',
  },
} as const satisfies Record<string, LocalizedText>;
