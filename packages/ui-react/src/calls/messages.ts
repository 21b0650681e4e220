import type { LocalizedText } from '@teamim/domain';

/** Strings of the call overlay beyond the domain's call texts (keys under `ui.call.`). */
export const CALL_MESSAGES = {
  'ui.call.peerMuted': { 'zh-CN': '{{name}} 已静音', 'en-US': '{{name}} is muted' },
  'ui.call.peerCameraOff': { 'zh-CN': '{{name}} 已关闭摄像头', 'en-US': '{{name}} turned the camera off' },
  'ui.call.devices': { 'zh-CN': '选择设备', 'en-US': 'Choose devices' },
  'ui.call.controls': { 'zh-CN': '通话控制', 'en-US': 'Call controls' },
  'ui.call.overlayUnavailable': {
    'zh-CN': '与 {{name}} 的通话界面加载失败，请检查网络连接',
    'en-US': "The call screen with {{name}} couldn't load. Check your connection.",
  },
} as const satisfies Record<string, LocalizedText>;
