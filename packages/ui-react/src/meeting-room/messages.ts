import type { LocalizedText } from '@teamim/domain';

/**
 * Strings of the meeting view (keys under `ui.meetingRoom.`). They load with the view's chunk, not with
 * the sign-in page: `useMeetingRoomMessages` adds them to the running i18next instance.
 */
export const MEETING_ROOM_MESSAGES = {
  'ui.meetingRoom.region': { 'zh-CN': '会议：{{title}}', 'en-US': 'Meeting: {{title}}' },
  'ui.meetingRoom.connecting': { 'zh-CN': '正在加入会议…', 'en-US': 'Joining the meeting…' },
  'ui.meetingRoom.reconnecting': { 'zh-CN': '正在重新连接…', 'en-US': 'Reconnecting…' },
  'ui.meetingRoom.grid': { 'zh-CN': '参会者画面', 'en-US': 'Participants’ videos' },
  'ui.meetingRoom.you': { 'zh-CN': '{{name}}（我）', 'en-US': '{{name}} (you)' },
  'ui.meetingRoom.screenOf': { 'zh-CN': '{{name}} 的共享屏幕', 'en-US': 'Screen of {{name}}' },
  'ui.meetingRoom.muted': { 'zh-CN': '已静音', 'en-US': 'Muted' },
  'ui.meetingRoom.speaking': { 'zh-CN': '正在发言', 'en-US': 'Speaking' },
  'ui.meetingRoom.host': { 'zh-CN': '主持人', 'en-US': 'Host' },
  'ui.meetingRoom.cameraOff': { 'zh-CN': '摄像头已关闭', 'en-US': 'Camera off' },
  'ui.meetingRoom.previousPage': { 'zh-CN': '上一页', 'en-US': 'Previous page' },
  'ui.meetingRoom.nextPage': { 'zh-CN': '下一页', 'en-US': 'Next page' },
  'ui.meetingRoom.pageOf': { 'zh-CN': '第 {{page}} / {{count}} 页', 'en-US': 'Page {{page}} of {{count}}' },
  'ui.meetingRoom.controls': { 'zh-CN': '会议控制', 'en-US': 'Meeting controls' },
  'ui.meetingRoom.shareScreen': { 'zh-CN': '共享屏幕', 'en-US': 'Share screen' },
  'ui.meetingRoom.stopSharing': { 'zh-CN': '停止共享', 'en-US': 'Stop sharing' },
  'ui.meetingRoom.people': { 'zh-CN': '参会者（{{count}}）', 'en-US': 'Participants ({{count}})' },
  'ui.meetingRoom.peopleList': { 'zh-CN': '参会者', 'en-US': 'Participants' },
  'ui.meetingRoom.endForAll': { 'zh-CN': '结束会议', 'en-US': 'End for everyone' },
  'ui.meetingRoom.endForAllQuestion': {
    'zh-CN': '要为所有人结束会议吗？',
    'en-US': 'End the meeting for everyone?',
  },
  'ui.meetingRoom.endForAllDetail': {
    'zh-CN': '所有参会者都将被移出会议。',
    'en-US': 'Everyone will be removed from the meeting.',
  },
} as const satisfies Record<string, LocalizedText>;
