import type { LocalizedText } from '@teamim/domain';

/** Strings of the wallet, red-packet, account-settings and About screens. */
export const WALLET_MESSAGES = {
  'ui.wallet.title': { 'zh-CN': '我的余额', 'en-US': 'My balance' },
  'ui.wallet.balance': { 'zh-CN': '当前余额（元）', 'en-US': 'Balance (yuan)' },
  'ui.wallet.details': { 'zh-CN': '余额明细', 'en-US': 'Transactions' },
  'ui.wallet.empty': { 'zh-CN': '暂无明细', 'en-US': 'No transactions yet' },
  'ui.wallet.loading': { 'zh-CN': '正在加载…', 'en-US': 'Loading…' },
  'ui.wallet.loadingMore': { 'zh-CN': '正在加载更多…', 'en-US': 'Loading more…' },
  'ui.wallet.retry': { 'zh-CN': '重试', 'en-US': 'Retry' },
  'ui.wallet.close': { 'zh-CN': '关闭', 'en-US': 'Close' },

  'ui.pay.titleSet': { 'zh-CN': '设置支付密码', 'en-US': 'Set pay password' },
  'ui.pay.titleChange': { 'zh-CN': '修改支付密码', 'en-US': 'Change pay password' },
  'ui.pay.old': { 'zh-CN': '当前支付密码', 'en-US': 'Current pay password' },
  'ui.pay.new': { 'zh-CN': '新支付密码', 'en-US': 'New pay password' },
  'ui.pay.confirm': { 'zh-CN': '确认支付密码', 'en-US': 'Confirm pay password' },
  'ui.pay.digit': {
    'zh-CN': '{{label}}：第 {{n}} 位，共 {{count}} 位',
    'en-US': '{{label}}: digit {{n}} of {{count}}',
  },
  'ui.pay.hint': {
    'zh-CN': '6 位数字，填满最后一位即提交',
    'en-US': 'Six digits; filling the last box submits',
  },
  'ui.pay.saved': { 'zh-CN': '支付密码已保存', 'en-US': 'Pay password saved' },
  'ui.pay.saving': { 'zh-CN': '正在保存…', 'en-US': 'Saving…' },

  'ui.redPacket.entry': { 'zh-CN': '发红包', 'en-US': 'Send a red packet' },
  'ui.redPacket.sendTitle': { 'zh-CN': '发红包', 'en-US': 'Send a red packet' },
  'ui.redPacket.amount': { 'zh-CN': '金额（元）', 'en-US': 'Amount (yuan)' },
  'ui.redPacket.total': { 'zh-CN': '总金额（元）', 'en-US': 'Total amount (yuan)' },
  'ui.redPacket.count': { 'zh-CN': '红包个数', 'en-US': 'Number of packets' },
  'ui.redPacket.random': {
    'zh-CN': '拼手气红包：每个红包的金额随机',
    'en-US': 'Lucky packets: each share is a random amount',
  },
  'ui.redPacket.greeting': { 'zh-CN': '祝福语', 'en-US': 'Greeting' },
  'ui.redPacket.putIn': { 'zh-CN': '塞钱进红包', 'en-US': 'Put money in' },
  'ui.redPacket.payTitle': { 'zh-CN': '输入支付密码', 'en-US': 'Enter your pay password' },
  'ui.redPacket.pin': { 'zh-CN': '支付密码', 'en-US': 'Pay password' },
  'ui.redPacket.paying': { 'zh-CN': '正在支付…', 'en-US': 'Paying…' },
  'ui.redPacket.back': { 'zh-CN': '返回', 'en-US': 'Back' },
  'ui.redPacket.label': { 'zh-CN': '红包', 'en-US': 'Red packet' },
  'ui.redPacket.openHint': { 'zh-CN': '领取红包', 'en-US': 'Open the red packet' },
  'ui.redPacket.viewHint': { 'zh-CN': '查看红包', 'en-US': 'View the red packet' },
  'ui.redPacket.opened': { 'zh-CN': '已领取', 'en-US': 'Opened' },
  'ui.redPacket.expired': { 'zh-CN': '已过期', 'en-US': 'Expired' },
  'ui.redPacket.from': { 'zh-CN': '{{name}}的红包', 'en-US': 'Red packet from {{name}}' },
  'ui.redPacket.open': { 'zh-CN': '开', 'en-US': 'Open' },
  'ui.redPacket.opening': { 'zh-CN': '正在领取…', 'en-US': 'Opening…' },
  'ui.redPacket.received': { 'zh-CN': '你领取了', 'en-US': 'You received' },
  'ui.redPacket.receivedNoAmount': {
    'zh-CN': '红包已领取，金额已存入余额',
    'en-US': 'Received; the money is in your balance',
  },
  'ui.redPacket.yuan': { 'zh-CN': '元', 'en-US': 'yuan' },
  'ui.redPacket.alreadyOpened': {
    'zh-CN': '你已经领过这个红包了',
    'en-US': 'You have already opened this red packet',
  },
  'ui.redPacket.allClaimed': {
    'zh-CN': '手慢了，红包派完了',
    'en-US': 'Too late: all the packets have been taken',
  },
  'ui.redPacket.expiredText': {
    'zh-CN': '该红包已过期，未领取的金额已退回',
    'en-US': 'This red packet has expired; what was not claimed went back to the sender',
  },
  // The lifetime is the server's ("24 hours" by default, whatever it was configured to).
  'ui.redPacket.expiredAfter': {
    'zh-CN': '该红包已超过 {{duration}}，已过期，未领取的金额已退回',
    'en-US':
      'This red packet expired {{duration}} after it was sent; what was not claimed went back to the sender',
  },
  // What the sender of a one-to-one packet sees instead of "Open".
  'ui.redPacket.sentAmount': { 'zh-CN': '红包金额 {{amount}} 元', 'en-US': '{{amount}} yuan' },
  'ui.redPacket.sentWaiting': { 'zh-CN': '等待对方领取', 'en-US': 'Waiting to be opened' },
  'ui.redPacket.sentWaitingFor': {
    'zh-CN': '等待对方领取，{{duration}}内有效',
    'en-US': 'Waiting to be opened; it can be opened for {{duration}} after sending',
  },
  'ui.redPacket.sentOpened': {
    'zh-CN': '{{name}} 已于 {{time}} 领取',
    'en-US': 'Opened by {{name}} at {{time}}',
  },
  'ui.redPacket.sentExpired': { 'zh-CN': '已过期，对方未领取', 'en-US': 'Expired without being opened' },
  'ui.redPacket.sentRefunded': {
    'zh-CN': '已过期，对方未领取，{{amount}} 元已退回你的余额',
    'en-US': 'Expired without being opened; {{amount}} yuan went back to your balance',
  },
  'ui.redPacket.sentLoading': { 'zh-CN': '正在查询红包状态…', 'en-US': 'Checking the red packet…' },

  // Who received what
  'ui.redPacket.claims': { 'zh-CN': '领取详情', 'en-US': 'Who received what' },
  'ui.redPacket.progress': {
    'zh-CN': '已领取 {{claimed}}/{{num}} 个，共 {{claimedAmount}}/{{total}} 元',
    'en-US': '{{claimed}} of {{num}} opened, {{claimedAmount}} of {{total}} yuan',
  },
  'ui.redPacket.progressDone': {
    'zh-CN': '{{num}} 个红包共 {{total}} 元，已被领完',
    'en-US': 'All {{num}} packets opened, {{total}} yuan in all',
  },
  'ui.redPacket.progressExpired': {
    'zh-CN': '已过期，已领取 {{claimed}}/{{num}} 个，剩余金额已退回',
    'en-US': 'Expired with {{claimed}} of {{num}} opened; the rest went back to the sender',
  },
  'ui.redPacket.claimOf': {
    'zh-CN': '{{name}}，{{amount}} 元，{{time}}',
    'en-US': '{{name}}, {{amount}} yuan, {{time}}',
  },
  // The list's amounts say "yuan" rather than ¥: the ¥ figure in the dialog is only what I received.
  'ui.redPacket.claimAmount': { 'zh-CN': '{{amount}} 元', 'en-US': '{{amount}} yuan' },
  'ui.redPacket.you': { 'zh-CN': '（我）', 'en-US': ' (you)' },
  'ui.redPacket.noClaims': { 'zh-CN': '还没有人领取', 'en-US': 'No one has opened it yet' },

  'ui.settings.title': { 'zh-CN': '账号设置', 'en-US': 'Account settings' },
  'ui.settings.general': { 'zh-CN': '通用', 'en-US': 'General' },
  'ui.settings.privacy': { 'zh-CN': '隐私与安全', 'en-US': 'Privacy and security' },
  'ui.settings.language': { 'zh-CN': '语言', 'en-US': 'Language' },
  'ui.settings.themeLabel': { 'zh-CN': '主题', 'en-US': 'Theme' },
  'ui.settings.theme.system': { 'zh-CN': '跟随系统', 'en-US': 'System' },
  'ui.settings.theme.light': { 'zh-CN': '浅色', 'en-US': 'Light' },
  'ui.settings.theme.dark': { 'zh-CN': '深色', 'en-US': 'Dark' },
  'ui.settings.blacklist': { 'zh-CN': '黑名单', 'en-US': 'Blacklist' },
  'ui.settings.openBlacklist': { 'zh-CN': '管理黑名单', 'en-US': 'Manage blacklist' },
  'ui.settings.payPassword': { 'zh-CN': '支付密码', 'en-US': 'Pay password' },
  'ui.settings.setPay': { 'zh-CN': '设置支付密码', 'en-US': 'Set pay password' },
  'ui.settings.changePay': { 'zh-CN': '修改支付密码', 'en-US': 'Change pay password' },

  'ui.about.title': { 'zh-CN': '关于我们', 'en-US': 'About' },
  'ui.about.version': { 'zh-CN': '版本', 'en-US': 'Version' },
  'ui.about.sdkVersion': { 'zh-CN': 'SDK 版本', 'en-US': 'SDK version' },
  'ui.about.copy': { 'zh-CN': '复制版本信息', 'en-US': 'Copy version information' },
} as const satisfies Record<string, LocalizedText>;
