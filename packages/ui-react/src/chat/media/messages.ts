import type { LocalizedText } from '@teamim/domain';

/** Strings of uploads, emoji and media bodies (keys under `ui.media.`). */
export const MEDIA_MESSAGES = {
  'ui.media.emoji': { 'zh-CN': '表情', 'en-US': 'Emoji' },
  'ui.media.emojiLoading': { 'zh-CN': '正在加载表情…', 'en-US': 'Loading emoji…' },
  'ui.media.emojiUnavailable': {
    'zh-CN': '表情无法加载，请检查网络后重新打开。',
    'en-US': "Emoji couldn't load. Check your connection and open the picker again.",
  },
  'ui.media.emojiSearch': { 'zh-CN': '搜索表情', 'en-US': 'Search emoji' },
  'ui.media.picture': { 'zh-CN': '发送图片或视频', 'en-US': 'Send a picture or video' },
  'ui.media.file': { 'zh-CN': '发送文件', 'en-US': 'Send a file' },
  'ui.media.dropHint': { 'zh-CN': '松开即可发送', 'en-US': 'Drop to send' },
  'ui.media.dismiss': { 'zh-CN': '关闭', 'en-US': 'Dismiss' },
  'ui.media.uploading': { 'zh-CN': '正在上传 {{progress}}%', 'en-US': 'Uploading {{progress}}%' },
  'ui.media.openPicture': { 'zh-CN': '查看图片', 'en-US': 'Open picture' },
  'ui.media.pictureFrom': { 'zh-CN': '{{name}} 发送的图片', 'en-US': 'Picture from {{name}}' },
  'ui.media.pictureUnavailable': { 'zh-CN': '图片不可用', 'en-US': 'Picture unavailable' },
  'ui.media.video': { 'zh-CN': '视频，{{duration}}', 'en-US': 'Video, {{duration}}' },
  'ui.media.videoUnavailable': { 'zh-CN': '视频尚未上传', 'en-US': 'Video not uploaded yet' },
  'ui.media.download': { 'zh-CN': '下载 {{name}}', 'en-US': 'Download {{name}}' },
  'ui.media.saveAs': { 'zh-CN': '另存为', 'en-US': 'Save as' },
  'ui.media.viewer': { 'zh-CN': '图片查看器', 'en-US': 'Picture viewer' },
  'ui.media.viewerClose': { 'zh-CN': '关闭', 'en-US': 'Close' },
  'ui.media.viewerPrevious': { 'zh-CN': '上一张', 'en-US': 'Previous picture' },
  'ui.media.viewerNext': { 'zh-CN': '下一张', 'en-US': 'Next picture' },
  'ui.media.viewerZoomIn': { 'zh-CN': '放大', 'en-US': 'Zoom in' },
  'ui.media.viewerZoomOut': { 'zh-CN': '缩小', 'en-US': 'Zoom out' },
  // Mentions: the suggestion list and the avatar menu.
  'ui.media.mentionList': { 'zh-CN': '提及成员', 'en-US': 'Mention a member' },
  'ui.media.mentionAll': { 'zh-CN': '所有人', 'en-US': 'Everyone' },
  'ui.media.mentionMember': { 'zh-CN': '@{{name}}', 'en-US': 'Mention @{{name}}' },
  'ui.media.memberMenu': { 'zh-CN': '{{name}} 的操作', 'en-US': 'Actions for {{name}}' },
} as const satisfies Record<string, LocalizedText>;
