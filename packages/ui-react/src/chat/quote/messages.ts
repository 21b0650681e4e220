import type { LocalizedText } from '@teamim/domain';

/** Strings of quotes (the block above the composer, the quote in a bubble). */
export const QUOTE_MESSAGES = {
  'ui.quote.replyingTo': { 'zh-CN': '回复 {{name}}', 'en-US': 'Replying to {{name}}' },
  'ui.quote.remove': { 'zh-CN': '取消引用', 'en-US': 'Remove quote' },
  'ui.quote.draftLabel': { 'zh-CN': '引用的消息', 'en-US': 'Quoted message' },
  'ui.quote.jump': { 'zh-CN': '{{caption}}（跳转到原消息）', 'en-US': '{{caption}} (go to the message)' },
} as const satisfies Record<string, LocalizedText>;
