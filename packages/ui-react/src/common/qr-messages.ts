import type { LocalizedText } from '@teamim/domain';

/**
 * Strings of sign-in by QR code: the waiting page's tab and the confirming device's dialog. They load
 * with those views (see `text.ts`), not with the sign-in page, whose first load has a budget.
 */
export const QR_SIGN_IN_MESSAGES = {
  'ui.qr.instructions': {
    'zh-CN': '在已登录的 TeamIM 上，点击头像，选择“扫码登录”，然后扫描此二维码。',
    'en-US':
      'On a device where you are signed in to TeamIM, open your avatar menu, choose “Scan to sign in” and scan this code.',
  },
  'ui.qr.image': { 'zh-CN': '登录二维码', 'en-US': 'Sign-in QR code' },
  'ui.qr.linkLabel': {
    'zh-CN': '无法扫描？在已登录的浏览器中打开此链接：',
    'en-US': 'Can’t scan? Open this link in a browser where you are signed in:',
  },
  'ui.qr.copyLink': { 'zh-CN': '复制链接', 'en-US': 'Copy link' },
  'ui.qr.copied': { 'zh-CN': '已复制', 'en-US': 'Copied' },
  'ui.qr.state.loading': { 'zh-CN': '正在生成二维码…', 'en-US': 'Getting a sign-in code…' },
  'ui.qr.state.waiting': {
    'zh-CN': '等待扫码。二维码会自动刷新。',
    'en-US': 'Waiting for a scan. The code renews itself.',
  },
  'ui.qr.state.scanned': {
    'zh-CN': '{{name}} 已扫码，请在该设备上确认登录。',
    'en-US': '{{name}} scanned the code. Confirm on that device.',
  },
  'ui.qr.state.signingIn': { 'zh-CN': '已确认，正在登录…', 'en-US': 'Confirmed. Signing in…' },
  'ui.qr.state.expired': { 'zh-CN': '二维码已过期。', 'en-US': 'The code has expired.' },
  'ui.qr.state.cancelled': {
    'zh-CN': '登录已在另一台设备上取消。',
    'en-US': 'Sign-in was declined on the other device.',
  },
  'ui.qr.refresh': { 'zh-CN': '刷新二维码', 'en-US': 'Get a new code' },

  'ui.qr.confirm.title': { 'zh-CN': '扫码登录', 'en-US': 'Scan to sign in' },
  'ui.qr.confirm.camera': {
    'zh-CN': '将另一台设备上的登录二维码对准摄像头。',
    'en-US': 'Point the camera at the sign-in code shown on the other device.',
  },
  'ui.qr.confirm.video': { 'zh-CN': '摄像头画面', 'en-US': 'Camera view' },
  'ui.qr.confirm.startingCamera': { 'zh-CN': '正在打开摄像头…', 'en-US': 'Starting the camera…' },
  'ui.qr.confirm.noCamera': {
    'zh-CN': '无法使用摄像头。你也可以在此浏览器中打开二维码下方的链接。',
    'en-US': 'The camera is not available. You can also open the link shown under the code in this browser.',
  },
  'ui.qr.confirm.notASignInCode': {
    'zh-CN': '这不是 TeamIM 的登录二维码。',
    'en-US': 'That is not a TeamIM sign-in code.',
  },
  'ui.qr.confirm.checking': { 'zh-CN': '正在检查二维码…', 'en-US': 'Checking the code…' },
  'ui.qr.confirm.question': {
    'zh-CN': '要在这台设备上登录你的账号吗？',
    'en-US': 'Sign in to your account on this device?',
  },
  'ui.qr.confirm.warning': {
    'zh-CN': '只有当这台设备是你自己的，并且你刚刚请求登录时，才确认。',
    'en-US': 'Confirm only if this is your own device and you just asked to sign in on it.',
  },
  'ui.qr.confirm.platform': { 'zh-CN': '平台', 'en-US': 'Platform' },
  'ui.qr.confirm.browser': { 'zh-CN': '浏览器', 'en-US': 'Browser' },
  'ui.qr.confirm.time': { 'zh-CN': '请求时间', 'en-US': 'Requested' },
  'ui.qr.confirm.unknownBrowser': { 'zh-CN': '未知', 'en-US': 'Unknown' },
  'ui.qr.confirm.accept': { 'zh-CN': '确认登录', 'en-US': 'Sign in' },
  'ui.qr.confirm.decline': { 'zh-CN': '取消登录', 'en-US': 'Decline' },
  'ui.qr.confirm.confirming': { 'zh-CN': '正在确认…', 'en-US': 'Confirming…' },
  'ui.qr.confirm.confirmed': {
    'zh-CN': '已确认。另一台设备正在登录。',
    'en-US': 'Confirmed. The other device is signing in.',
  },
  'ui.qr.confirm.cancelled': { 'zh-CN': '已取消登录。', 'en-US': 'Sign-in declined.' },
  'ui.qr.confirm.scanAgain': { 'zh-CN': '重新扫描', 'en-US': 'Scan again' },
  'ui.qr.confirm.close': { 'zh-CN': '关闭', 'en-US': 'Close' },
  'ui.qr.platform.1': { 'zh-CN': 'iOS', 'en-US': 'iOS' },
  'ui.qr.platform.2': { 'zh-CN': 'Android', 'en-US': 'Android' },
  'ui.qr.platform.3': { 'zh-CN': 'Windows 桌面端', 'en-US': 'Windows desktop app' },
  'ui.qr.platform.4': { 'zh-CN': 'macOS 桌面端', 'en-US': 'macOS desktop app' },
  'ui.qr.platform.5': { 'zh-CN': '网页版', 'en-US': 'Web browser' },
  'ui.qr.platform.6': { 'zh-CN': '小程序', 'en-US': 'Mini web' },
  'ui.qr.platform.7': { 'zh-CN': 'Linux 桌面端', 'en-US': 'Linux desktop app' },
  'ui.qr.platform.8': { 'zh-CN': 'Android 平板', 'en-US': 'Android tablet' },
  'ui.qr.platform.9': { 'zh-CN': 'iPad', 'en-US': 'iPad' },
} as const satisfies Record<string, LocalizedText>;
