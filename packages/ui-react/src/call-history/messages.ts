import type { LocalizedText } from '@teamim/domain';

/** Strings of the call history page and its navigation item (keys under `ui.callHistory.`). */
export const CALL_HISTORY_MESSAGES = {
  'ui.callHistory.nav': { 'zh-CN': '通话', 'en-US': 'Calls' },
  'ui.callHistory.missedBadge': { 'zh-CN': '{{count}} 个未接', 'en-US': '{{count}} missed' },
  'ui.callHistory.all': { 'zh-CN': '全部', 'en-US': 'All' },
  'ui.callHistory.missed': { 'zh-CN': '未接', 'en-US': 'Missed' },
  'ui.callHistory.list': { 'zh-CN': '通话记录', 'en-US': 'Call history' },
  'ui.callHistory.empty': { 'zh-CN': '还没有通话', 'en-US': 'No calls yet' },
  'ui.callHistory.emptyMissed': { 'zh-CN': '没有未接通话', 'en-US': 'No missed calls' },
  'ui.callHistory.incoming': { 'zh-CN': '呼入', 'en-US': 'Incoming' },
  'ui.callHistory.outgoing': { 'zh-CN': '呼出', 'en-US': 'Outgoing' },
  'ui.callHistory.callBack': { 'zh-CN': '回拨 {{name}}', 'en-US': 'Call {{name}} back' },
  'ui.callHistory.joinButton': { 'zh-CN': '加入', 'en-US': 'Join' },
  'ui.callHistory.join': { 'zh-CN': '加入 {{name}}', 'en-US': 'Join {{name}}' },
} as const satisfies Record<string, LocalizedText>;
