import type { LocalizedText } from '@teamim/domain';

/** Strings of the desktop-only UI (spec §2 "Desktop only", Account settings' close action, About). */
export const DESKTOP_MESSAGES = {
  'ui.desktop.titleBar': { 'zh-CN': '窗口标题栏', 'en-US': 'Window title bar' },
  'ui.desktop.minimize': { 'zh-CN': '最小化', 'en-US': 'Minimize' },
  'ui.desktop.maximize': { 'zh-CN': '最大化', 'en-US': 'Maximize' },
  'ui.desktop.restore': { 'zh-CN': '还原', 'en-US': 'Restore' },
  'ui.desktop.close': { 'zh-CN': '关闭', 'en-US': 'Close' },
  'ui.desktop.update.region': { 'zh-CN': '应用更新', 'en-US': 'App update' },
  'ui.desktop.update.available': {
    'zh-CN': '发现新版本 {{version}}，正在准备下载…',
    'en-US': 'Version {{version}} is available and about to download…',
  },
  'ui.desktop.update.downloading': {
    'zh-CN': '正在下载新版本 {{version}}：{{percent}}%',
    'en-US': 'Downloading version {{version}}: {{percent}}%',
  },
  'ui.desktop.update.ready': {
    'zh-CN': '新版本 {{version}} 已下载完成。',
    'en-US': 'Version {{version}} has been downloaded.',
  },
  'ui.desktop.update.restart': { 'zh-CN': '重启以更新', 'en-US': 'Restart to update' },
  'ui.desktop.update.check': { 'zh-CN': '检查更新', 'en-US': 'Check for updates' },
  'ui.desktop.update.checking': { 'zh-CN': '正在检查更新…', 'en-US': 'Checking for updates…' },
  'ui.desktop.update.upToDate': { 'zh-CN': '已是最新版本', 'en-US': 'You have the latest version' },
  'ui.desktop.update.failed': {
    'zh-CN': '检查更新失败：{{message}}',
    'en-US': 'The update check failed: {{message}}',
  },
  'ui.desktop.update.disabled': {
    'zh-CN': '此安装未配置自动更新',
    'en-US': 'Automatic updates are not configured for this installation',
  },
  'ui.desktop.closeAction.label': { 'zh-CN': '点击关闭按钮时', 'en-US': 'When I click the close button' },
  'ui.desktop.closeAction.miniSize': {
    'zh-CN': '最小化到托盘',
    'en-US': 'Minimize to the tray',
  },
  'ui.desktop.closeAction.quit': { 'zh-CN': '退出应用', 'en-US': 'Quit the app' },
  'ui.desktop.closeAction.failed': {
    'zh-CN': '无法保存此设置，请重试。',
    'en-US': 'The setting could not be saved. Please try again.',
  },
  'ui.desktop.logs.title': { 'zh-CN': '上传日志', 'en-US': 'Upload logs' },
  'ui.desktop.logs.lines': { 'zh-CN': '行数（1–10000）', 'en-US': 'Number of lines (1–10,000)' },
  'ui.desktop.logs.linesInvalid': {
    'zh-CN': '请输入 1 到 10000 之间的整数',
    'en-US': 'Enter a whole number from 1 to 10,000',
  },
  'ui.desktop.logs.uploadChosen': {
    'zh-CN': '上传最近 {{count}} 行',
    'en-US': 'Upload the last {{count}} lines',
  },
  'ui.desktop.logs.uploadChosenInvalid': { 'zh-CN': '上传所选行数', 'en-US': 'Upload the chosen lines' },
  'ui.desktop.logs.uploadAll': { 'zh-CN': '上传 10000 行', 'en-US': 'Upload 10,000 lines' },
  'ui.desktop.logs.progress': { 'zh-CN': '日志上传进度', 'en-US': 'Log upload progress' },
  'ui.desktop.logs.collecting': { 'zh-CN': '正在读取日志…', 'en-US': 'Reading the log…' },
  'ui.desktop.logs.uploading': { 'zh-CN': '正在上传：{{percent}}%', 'en-US': 'Uploading: {{percent}}%' },
  'ui.desktop.logs.succeeded': { 'zh-CN': '日志已上传（100%）', 'en-US': 'Log uploaded (100%)' },
  'ui.desktop.logs.failed': { 'zh-CN': '日志上传失败', 'en-US': 'The log upload failed' },
  'ui.desktop.updates.title': { 'zh-CN': '更新', 'en-US': 'Updates' },
} as const satisfies Record<string, LocalizedText>;
