import type { LocalizedText } from '@teamim/domain';

/** The meetings' strings (keys under `ui.meeting.`), added when a meeting view first renders. */
export const MEETING_MESSAGES = {
  'ui.meeting.card': { 'zh-CN': '会议', 'en-US': 'Meeting' },
  'ui.meeting.host': { 'zh-CN': '主持人：{{name}}', 'en-US': 'Host: {{name}}' },
  'ui.meeting.start': { 'zh-CN': '开始时间：{{time}}', 'en-US': 'Starts {{time}}' },
  'ui.meeting.join': { 'zh-CN': '加入', 'en-US': 'Join' },
  'ui.meeting.startNow': { 'zh-CN': '开始', 'en-US': 'Start' },
  'ui.meeting.edit': { 'zh-CN': '编辑', 'en-US': 'Edit' },
  'ui.meeting.cancel': { 'zh-CN': '取消会议', 'en-US': 'Cancel' },
  'ui.meeting.cancelTitle': { 'zh-CN': '取消会议', 'en-US': 'Cancel the meeting' },
  'ui.meeting.cancelBody': {
    'zh-CN': '确定要取消“{{title}}”吗？所有受邀者都会看到会议已取消。',
    'en-US': 'Cancel "{{title}}"? Everyone invited will see it cancelled.',
  },
  'ui.meeting.cancelConfirm': { 'zh-CN': '取消会议', 'en-US': 'Cancel meeting' },
  'ui.meeting.keep': { 'zh-CN': '保留', 'en-US': 'Keep' },
  'ui.meeting.joined': { 'zh-CN': '你正在此会议中', 'en-US': 'You are in this meeting' },
  'ui.meeting.startMeeting': { 'zh-CN': '发起会议', 'en-US': 'Start meeting' },
  'ui.meeting.scheduleMeeting': { 'zh-CN': '预约会议', 'en-US': 'Schedule meeting' },
  'ui.meeting.quickMeeting': { 'zh-CN': '快速会议', 'en-US': 'Quick meeting' },
  'ui.meeting.banner': { 'zh-CN': '{{title}} 正在进行', 'en-US': '{{title}} is in progress' },
  'ui.meeting.editTitle': { 'zh-CN': '编辑会议', 'en-US': 'Edit meeting' },
  'ui.meeting.field.title': { 'zh-CN': '会议主题', 'en-US': 'Title' },
  'ui.meeting.field.start': { 'zh-CN': '开始时间', 'en-US': 'Start time' },
  'ui.meeting.field.duration': { 'zh-CN': '时长（分钟）', 'en-US': 'Duration (minutes)' },
  'ui.meeting.field.description': { 'zh-CN': '描述（选填）', 'en-US': 'Description (optional)' },
  'ui.meeting.field.invitees': { 'zh-CN': '受邀者', 'en-US': 'Invitees' },
  'ui.meeting.inviteeCount': { 'zh-CN': '已选择 {{count}} 人', 'en-US': '{{count}} people picked' },
  'ui.meeting.save': { 'zh-CN': '保存', 'en-US': 'Save' },
  'ui.meeting.schedule': { 'zh-CN': '预约', 'en-US': 'Schedule' },
  'ui.meeting.unavailable': {
    'zh-CN': '会议界面加载失败，请检查网络连接',
    'en-US': "The meeting screen couldn't load. Check your connection.",
  },
} as const satisfies Record<string, LocalizedText>;
