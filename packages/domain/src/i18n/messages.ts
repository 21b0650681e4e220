/**
 * Texts for every i18n key the domain produces, in both locales. The spec states its messages in
 * English only (§5, §8); the en-US texts follow its wording, the zh-CN texts are our translation.
 *
 * Placeholders use i18next syntax (`{{name}}`) so the UI can load this table as-is.
 * Keys are dotted paths; no key is a prefix of another, so the table also nests cleanly.
 */
export interface LocalizedText {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
}

export const MESSAGES = {
  // §5 validation
  'validation.password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
  'validation.password.length': {
    'zh-CN': '密码长度为{{min}}-{{max}}位',
    'en-US': 'The password must be {{min}}-{{max}} characters',
  },
  'validation.password.format': {
    'zh-CN': '密码必须同时包含数字和字母',
    'en-US': 'The password must contain both digits and letters',
  },
  'validation.password.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  'validation.oldPassword.required': { 'zh-CN': '请输入旧密码', 'en-US': 'Please enter the old password' },
  'validation.groupName.required': { 'zh-CN': '请输入群名称', 'en-US': 'Please enter the group name' },
  'validation.groupName.tooLong': {
    'zh-CN': '群名称最多{{max}}个字符',
    'en-US': 'The group name can have at most {{max}} characters',
  },
  'validation.content.required': { 'zh-CN': '请输入内容', 'en-US': 'Please enter the content' },
  'validation.nickname.required': { 'zh-CN': '请输入昵称', 'en-US': 'Please input nickname' },
  'validation.nickname.tooLong': {
    'zh-CN': '昵称最多{{max}}个字符',
    'en-US': 'The nickname can have at most {{max}} characters',
  },
  'validation.phone.required': { 'zh-CN': '请输入手机号', 'en-US': 'Please enter the phone number' },
  'validation.phone.invalid': { 'zh-CN': '请输入正确的手机号', 'en-US': 'Please enter a valid phone number' },
  'validation.areaCode.invalid': { 'zh-CN': '请输入正确的区号', 'en-US': 'Please enter a valid area code' },
  'validation.email.required': { 'zh-CN': '请输入邮箱', 'en-US': 'Please enter the e-mail' },
  'validation.email.invalid': { 'zh-CN': '请输入正确的邮箱', 'en-US': 'Please input correct email' },
  'validation.verificationCode.required': {
    'zh-CN': '请输入验证码',
    'en-US': 'Please enter the verification code',
  },
  'validation.verificationCode.invalid': {
    'zh-CN': '验证码为{{length}}位数字',
    'en-US': 'The verification code is {{length}} digits',
  },
  'validation.verificationCode.expired': {
    'zh-CN': '验证码已过期，请重新获取',
    'en-US': 'The verification code has expired, please get a new one',
  },
  'validation.invitationCode.required': {
    'zh-CN': '请输入邀请码',
    'en-US': 'Please enter the invitation code',
  },
  'validation.birth.future': {
    'zh-CN': '出生日期不能晚于今天',
    'en-US': 'The birth date cannot be later than today',
  },
  'validation.payPassword.invalid': {
    'zh-CN': '支付密码为{{length}}位数字',
    'en-US': 'The pay password is {{length}} digits',
  },
  'validation.payPassword.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  'validation.createGroup.limit': {
    'zh-CN': '请至少选择{{min}}名成员创建群聊',
    'en-US': 'Select at least {{min}} members to create a group',
  },
  'validation.picker.selectAtLeastOne': { 'zh-CN': '请至少选择一项', 'en-US': 'Please select at least one' },
  'validation.picker.beyondSelectionLimit': {
    'zh-CN': '超出可选数量',
    'en-US': 'Beyond the selection limit',
  },
  'validation.joinRequest.tooLong': {
    'zh-CN': '验证信息最多{{max}}个字符',
    'en-US': 'The request message can have at most {{max}} characters',
  },
  'validation.friendRequest.tooLong': {
    'zh-CN': '验证信息最多{{max}}个字符',
    'en-US': 'The request message can have at most {{max}} characters',
  },
  'validation.mute.durationRequired': { 'zh-CN': '请选择禁言时长', 'en-US': 'Please select a mute duration' },
  'validation.redPacket.amountRequired': { 'zh-CN': '请输入金额', 'en-US': 'Please enter the amount' },
  'validation.redPacket.amountInvalid': {
    'zh-CN': '请输入正确的金额（最多两位小数）',
    'en-US': 'Please enter a valid amount (at most two decimals)',
  },
  'validation.redPacket.countRequired': {
    'zh-CN': '请输入红包个数',
    'en-US': 'Please enter the number of packets',
  },
  'validation.redPacket.countInvalid': {
    'zh-CN': '红包个数必须是正整数',
    'en-US': 'The number of packets must be a positive whole number',
  },
  'validation.redPacket.amountTooSmall': {
    'zh-CN': '每个红包至少0.01元',
    'en-US': 'Each packet must be at least 0.01',
  },
  'validation.message.empty': { 'zh-CN': '不能发送空白消息', 'en-US': 'An empty message cannot be sent' },
  'validation.forward.noConversation': {
    'zh-CN': '请选择要转发的会话',
    'en-US': 'Please select conversation to forward',
  },
  'validation.search.keywordRequired': { 'zh-CN': '请输入搜索关键词', 'en-US': 'Please enter a keyword' },
  'validation.logLines.invalid': { 'zh-CN': '请输入数字', 'en-US': 'Please enter a number' },
  'validation.file.unsupportedType': { 'zh-CN': '不支持的文件类型', 'en-US': 'Unsupported file type' },
  'validation.file.folder': { 'zh-CN': '不支持发送文件夹', 'en-US': 'Folders cannot be sent' },
  'validation.file.selectionLimit': {
    'zh-CN': '最多选择{{max}}个文件',
    'en-US': 'You can select at most {{max}} files',
  },
  'validation.avatar.unsupportedType': {
    'zh-CN': '只支持 .jpeg、.png、.webp 格式的图片',
    'en-US': 'Only .jpeg, .png and .webp images are supported',
  },
  'validation.default.required': { 'zh-CN': '{{field}}是必填项', 'en-US': '{{field}} is required' },
  'validation.default.lengthMin': {
    'zh-CN': '{{field}}至少{{min}}个字符',
    'en-US': '{{field}} must be at least {{min}} characters',
  },
  'validation.default.lengthMax': {
    'zh-CN': '{{field}}最多{{max}}个字符',
    'en-US': '{{field}} cannot be longer than {{max}} characters',
  },
  'validation.default.lengthRange': {
    'zh-CN': '{{field}}长度必须在{{min}}-{{max}}之间',
    'en-US': '{{field}} must be between {{min}} and {{max}} characters',
  },
  'validation.default.numberMin': {
    'zh-CN': '{{field}}不能小于{{min}}',
    'en-US': '{{field}} cannot be less than {{min}}',
  },
  'validation.default.numberMax': {
    'zh-CN': '{{field}}不能大于{{max}}',
    'en-US': '{{field}} cannot be greater than {{max}}',
  },
  'validation.default.typeInvalid': {
    'zh-CN': '{{field}}不是有效的{{type}}',
    'en-US': '{{field}} is not a valid {{type}}',
  },

  // §6 permissions
  'permission.noPermission': { 'zh-CN': '没有权限', 'en-US': 'No permission' },
  'permission.revokeOwnOnly': {
    'zh-CN': '只能撤回自己发送的消息',
    'en-US': 'You can only revoke your own messages',
  },
  'permission.pinGroupOnly': {
    'zh-CN': '只能在群聊中置顶消息',
    'en-US': 'Messages can be pinned in groups only',
  },
  'permission.alreadyPinned': { 'zh-CN': '该消息已置顶', 'en-US': 'The message is already pinned' },
  'permission.notPinned': { 'zh-CN': '该消息未置顶', 'en-US': 'The message is not pinned' },
  'permission.lookMemberInfoForbidden': {
    'zh-CN': '群主已禁止查看群成员资料',
    'en-US': 'This group does not allow viewing member info',
  },
  'permission.applyMemberFriendForbidden': {
    'zh-CN': '群主已禁止添加群成员为好友',
    'en-US': 'This group does not allow adding members as friends',
  },
  'permission.addFriendNotAllowed': {
    'zh-CN': '对方不允许添加好友',
    'en-US': 'The other party does not allow being added as a friend',
  },
  'permission.createGroupNotAllowed': {
    'zh-CN': '你没有创建群聊的权限',
    'en-US': 'You are not allowed to create groups',
  },
  'permission.editOwnProfileOnly': {
    'zh-CN': '只能编辑自己的资料',
    'en-US': 'You can only edit your own profile',
  },

  // §8 server errors
  'error.loginExpired': { 'zh-CN': '登录已过期，请重新登录', 'en-US': 'Login expired, please log in again' },
  'error.wrongPassword': { 'zh-CN': '密码错误', 'en-US': 'Wrong password' },
  'error.accountNotFound': { 'zh-CN': '账号不存在', 'en-US': 'The account does not exist' },
  'error.phoneRegistered': { 'zh-CN': '手机号已注册', 'en-US': 'The phone number is already registered' },
  'error.accountRegistered': { 'zh-CN': '账号已注册', 'en-US': 'The account is already registered' },
  'error.tooFrequent': {
    'zh-CN': '操作过于频繁，请稍后再试',
    'en-US': 'Operation too frequent, please try again later',
  },
  'error.restricted': { 'zh-CN': '操作受限', 'en-US': 'Operation restricted' },
  'error.verificationCodeWrong': { 'zh-CN': '验证码错误', 'en-US': 'Wrong verification code' },
  'error.verificationCodeExpired': { 'zh-CN': '验证码已过期', 'en-US': 'The verification code has expired' },
  'error.verificationCodeUsed': { 'zh-CN': '验证码已被使用', 'en-US': 'The verification code has been used' },
  'error.verificationCodeLimit': {
    'zh-CN': '验证码错误次数超过限制',
    'en-US': 'Verification code error limit exceeded',
  },
  'error.invitationCodeUsed': { 'zh-CN': '邀请码已被使用', 'en-US': 'The invitation code has been used' },
  'error.invitationCodeNotFound': { 'zh-CN': '邀请码不存在', 'en-US': 'The invitation code does not exist' },
  'error.loginFailed': { 'zh-CN': '登录失败', 'en-US': 'Login failed' },
  'error.noLivekitUrl': { 'zh-CN': '未提供 livekit 地址', 'en-US': 'no livekit url provided' },

  // §8 toasts
  'toast.kickedOffline': {
    'zh-CN': '你的账号已在其他设备登录',
    'en-US': 'Your account has logged in on another device',
  },
  'toast.syncFailed': { 'zh-CN': '同步失败', 'en-US': 'Sync failed' },
  'toast.smallIssue': { 'zh-CN': '似乎出了点小问题', 'en-US': 'Seems like there was a small issue' },
  'toast.notInGroup': {
    'zh-CN': '你已不在该群聊中，无法发送消息',
    'en-US': 'You cannot send messages in a group you have left',
  },
  'toast.groupMuted': { 'zh-CN': '群聊已开启全体禁言', 'en-US': 'The group is muted' },
  'toast.memberMuted': { 'zh-CN': '你已被禁言', 'en-US': 'You are muted' },
  'toast.blockedByPeer': { 'zh-CN': '对方已将你拉黑', 'en-US': 'The other party has blacklisted you' },
  'toast.friendVerification': {
    'zh-CN': '对方开启了好友验证，请先添加好友',
    'en-US': 'The other party has friend verification on, add them as a friend first',
  },
  'toast.refuseFriend': {
    'zh-CN': '对方不允许添加好友',
    'en-US': 'The other party does not allow being added as a friend',
  },
  'toast.getSelfInfoFailed': { 'zh-CN': '获取个人信息失败', 'en-US': 'Failed to get self info' },
  'toast.getConversationsFailed': { 'zh-CN': '获取会话列表失败', 'en-US': 'Failed to get conversations' },
  'toast.getGroupInfoFailed': { 'zh-CN': '获取群信息失败', 'en-US': 'Failed to get group info' },
  'toast.getGroupMemberFailed': { 'zh-CN': '获取群成员失败', 'en-US': 'Failed to get group members' },
  'toast.getFriendListFailed': { 'zh-CN': '获取好友列表失败', 'en-US': 'Failed to get the friend list' },
  'toast.getBlackListFailed': { 'zh-CN': '获取黑名单失败', 'en-US': 'Failed to get the blacklist' },
  'toast.getGroupListFailed': { 'zh-CN': '获取群列表失败', 'en-US': 'Failed to get the group list' },
  'toast.deleteConversationFailed': { 'zh-CN': '删除会话失败', 'en-US': 'Failed to delete the conversation' },
  'toast.pinConversationFailed': { 'zh-CN': '置顶失败', 'en-US': 'Pin failed' },
  'toast.unpinConversationFailed': { 'zh-CN': '取消置顶失败', 'en-US': 'Unpin failed' },
  'toast.recvOptFailed': { 'zh-CN': '设置消息接收方式失败', 'en-US': 'Failed to set the receive option' },
  'toast.updateAvatarFailed': { 'zh-CN': '更新头像失败', 'en-US': 'Failed to update the avatar' },
  'toast.uploadFailed': { 'zh-CN': '上传失败', 'en-US': 'Upload failed' },
  'toast.uploadSuccess': { 'zh-CN': '上传成功', 'en-US': 'Upload succeeded' },
  'toast.downloadFailed': { 'zh-CN': '下载失败', 'en-US': 'Download failed' },
  'toast.publishFailed': { 'zh-CN': '发布失败', 'en-US': 'Publish failed' },
  'toast.copyFailed': { 'zh-CN': '复制失败', 'en-US': 'Copy failed' },
  'toast.copySuccess': { 'zh-CN': '复制成功', 'en-US': 'Copied' },
  'toast.muteSuccess': { 'zh-CN': '禁言成功', 'en-US': 'Muted' },
  'toast.muteFailed': { 'zh-CN': '禁言失败', 'en-US': 'Mute failed' },
  'toast.unmuteSuccess': { 'zh-CN': '已取消禁言', 'en-US': 'Unmuted' },
  'toast.unmuteFailed': { 'zh-CN': '取消禁言失败', 'en-US': 'Unmute failed' },
  'toast.kickSuccess': { 'zh-CN': '移除成功', 'en-US': 'Member removed' },
  'toast.kickFailed': { 'zh-CN': '移除失败', 'en-US': 'Failed to remove the member' },
  'toast.confirmKick': {
    'zh-CN': '确定将{{name}}移出群聊吗？',
    'en-US': 'Remove {{name}} from the group?',
  },
  'toast.updateGroupInfoFailed': { 'zh-CN': '修改群信息失败', 'en-US': 'Failed to update the group info' },
  'toast.updateBlacklistFailed': { 'zh-CN': '更新黑名单失败', 'en-US': 'Failed to update the blacklist' },
  'toast.unfriendFailed': { 'zh-CN': '删除好友失败', 'en-US': 'Failed to unfriend' },
  'toast.joinGroupRequestSent': { 'zh-CN': '入群申请已发送', 'en-US': 'Join group request sent' },
  'toast.friendRequestSent': { 'zh-CN': '好友申请已发送', 'en-US': 'Friend request sent' },
  'toast.sendApplicationFailed': { 'zh-CN': '发送申请失败', 'en-US': 'Failed to send the application' },
  'toast.forwardSummary': {
    'zh-CN': '已转发到{{success}}个会话，{{failed}}个失败',
    'en-US': 'Forward succeeded to {{success}} conversations, {{failed}} failed',
  },
  'toast.forwardFailedNetwork': {
    'zh-CN': '转发失败，请检查网络或重试',
    'en-US': 'Forward failed, check the network or retry',
  },
  'toast.forwardFailed': { 'zh-CN': '转发失败', 'en-US': 'Forward failed' },
  'toast.unsupportedMessageType': { 'zh-CN': '不支持的消息类型', 'en-US': 'Unsupported message type' },
  'toast.redPacketSent': { 'zh-CN': '红包已发送', 'en-US': 'Red packet sent' },
  'toast.redPacketReceived': { 'zh-CN': '红包已领取', 'en-US': 'Red packet received' },
  'toast.messagePinned': { 'zh-CN': '消息已置顶', 'en-US': 'Message pinned' },
  'toast.messageUnpinned': { 'zh-CN': '已取消置顶', 'en-US': 'Unpinned' },
  'toast.pinMessageFailed': { 'zh-CN': '置顶失败：{{reason}}', 'en-US': 'Pin failed: {{reason}}' },
  'toast.inviteUserFailed': { 'zh-CN': '发起通话失败', 'en-US': 'Failed to invite the user' },
  'toast.byInviteUserFailed': { 'zh-CN': '接听通话失败', 'en-US': 'Failed to join the call' },
  'toast.browserNotSupported': {
    'zh-CN': '当前浏览器不支持音视频通话',
    'en-US': 'This browser does not support calls',
  },
  'toast.trackSubscriptionFailed': {
    'zh-CN': '订阅媒体流失败',
    'en-US': 'Failed to subscribe to the media track',
  },
  'toast.fetchBalanceFailed': { 'zh-CN': '获取余额失败', 'en-US': 'Failed to fetch balance' },
  'toast.noSearchResults': { 'zh-CN': '没有搜索结果', 'en-US': 'No search results' },
  'toast.accessFailed': { 'zh-CN': '操作失败', 'en-US': 'Operation failed' },
  'toast.accessSuccess': { 'zh-CN': '操作成功', 'en-US': 'Operation succeeded' },

  // Message display
  'message.you': { 'zh-CN': '你', 'en-US': 'You' },
  'message.atAll': { 'zh-CN': '所有人', 'en-US': 'everyone' },
  'message.picture': { 'zh-CN': '[图片]', 'en-US': '[Picture]' },
  'message.voice': { 'zh-CN': '[语音]', 'en-US': '[Voice]' },
  'message.video': { 'zh-CN': '[视频]', 'en-US': '[Video]' },
  'message.file': { 'zh-CN': '[文件] {{name}}', 'en-US': '[File] {{name}}' },
  'message.card': { 'zh-CN': '[名片] {{name}}', 'en-US': '[Card] {{name}}' },
  'message.location': { 'zh-CN': '[位置]', 'en-US': '[Location]' },
  'message.face': { 'zh-CN': '[表情]', 'en-US': '[Emoji]' },
  'message.merge': { 'zh-CN': '[聊天记录]', 'en-US': '[Chat history]' },
  'message.redPacket': { 'zh-CN': '[红包] {{message}}', 'en-US': '[Red packet] {{message}}' },
  'message.call': { 'zh-CN': '[音视频通话]', 'en-US': '[Call]' },
  'message.revoked': { 'zh-CN': '{{name}}撤回了一条消息', 'en-US': '{{name}} revoked a message' },
  'message.quoteBlock': { 'zh-CN': '引用 {{name}}：{{summary}}', 'en-US': 'quote {{name}}: {{summary}}' },
  'message.draft': { 'zh-CN': '[草稿] {{text}}', 'en-US': '[Draft] {{text}}' },
  'message.unsupported': { 'zh-CN': '[暂不支持的消息]', 'en-US': '[Unsupported message]' },
  'message.cannotDisplay': { 'zh-CN': '无法显示此消息', 'en-US': 'Cannot display this message' },
  'message.redPacketDefaultGreeting': {
    'zh-CN': '恭喜发财，大吉大利',
    'en-US': 'Good fortune and best wishes',
  },

  // Notification tips
  'notification.friendAdded': {
    'zh-CN': '你们已经是好友了，开始聊天吧',
    'en-US': 'You are now friends, start chatting',
  },
  'notification.groupCreated': {
    'zh-CN': '{{operator}}创建了群聊',
    'en-US': '{{operator}} created the group',
  },
  'notification.groupInfoUpdated': {
    'zh-CN': '{{operator}}修改了群资料',
    'en-US': '{{operator}} updated the group info',
  },
  'notification.memberQuit': { 'zh-CN': '{{user}}退出了群聊', 'en-US': '{{user}} left the group' },
  'notification.ownerTransferred': {
    'zh-CN': '{{operator}}将群主转让给了{{user}}',
    'en-US': '{{operator}} transferred the group to {{user}}',
  },
  'notification.memberKicked': {
    'zh-CN': '{{users}}被{{operator}}移出了群聊',
    'en-US': '{{operator}} removed {{users}} from the group',
  },
  'notification.memberInvited': {
    'zh-CN': '{{operator}}邀请{{users}}加入了群聊',
    'en-US': '{{operator}} invited {{users}} to the group',
  },
  'notification.memberEnter': { 'zh-CN': '{{user}}加入了群聊', 'en-US': '{{user}} joined the group' },
  'notification.groupDismissed': {
    'zh-CN': '{{operator}}解散了群聊',
    'en-US': '{{operator}} disbanded the group',
  },
  'notification.memberMuted': {
    'zh-CN': '{{user}}被{{operator}}禁言{{duration}}',
    'en-US': '{{operator}} muted {{user}} for {{duration}}',
  },
  'notification.memberUnmuted': {
    'zh-CN': '{{operator}}取消了{{user}}的禁言',
    'en-US': '{{operator}} unmuted {{user}}',
  },
  'notification.groupMuted': {
    'zh-CN': '{{operator}}开启了全体禁言',
    'en-US': '{{operator}} muted everyone',
  },
  'notification.groupUnmuted': {
    'zh-CN': '{{operator}}关闭了全体禁言',
    'en-US': '{{operator}} turned off mute for everyone',
  },
  'notification.announcementUpdated': {
    'zh-CN': '{{operator}}修改了群公告',
    'en-US': '{{operator}} updated the group announcement',
  },
  'notification.groupNameUpdated': {
    'zh-CN': '{{operator}}将群名称修改为{{name}}',
    'en-US': '{{operator}} changed the group name to {{name}}',
  },
  'notification.burnChanged': {
    'zh-CN': '阅后即焚设置已更改',
    'en-US': 'Burn-after-reading settings changed',
  },
  'notification.nameSeparator': { 'zh-CN': '、', 'en-US': ', ' },
  'notification.andMore': { 'zh-CN': '{{names}}等{{count}}人', 'en-US': '{{names}} and {{count}} people' },
  'notification.ellipsis': { 'zh-CN': '{{names}}...', 'en-US': '{{names}}...' },

  // Time and durations
  'time.justNow': { 'zh-CN': '刚刚', 'en-US': 'Just now' },
  'time.today': { 'zh-CN': '今天 {{time}}', 'en-US': 'Today {{time}}' },
  'time.yesterday': { 'zh-CN': '昨天 {{time}}', 'en-US': 'Yesterday {{time}}' },
  'time.weekdayTime': { 'zh-CN': '{{weekday}} {{time}}', 'en-US': '{{weekday}} {{time}}' },
  'time.monthDayTime': { 'zh-CN': '{{month}}/{{day}} {{time}}', 'en-US': '{{month}}/{{day}} {{time}}' },
  'time.weekday.0': { 'zh-CN': '星期日', 'en-US': 'Sunday' },
  'time.weekday.1': { 'zh-CN': '星期一', 'en-US': 'Monday' },
  'time.weekday.2': { 'zh-CN': '星期二', 'en-US': 'Tuesday' },
  'time.weekday.3': { 'zh-CN': '星期三', 'en-US': 'Wednesday' },
  'time.weekday.4': { 'zh-CN': '星期四', 'en-US': 'Thursday' },
  'time.weekday.5': { 'zh-CN': '星期五', 'en-US': 'Friday' },
  'time.weekday.6': { 'zh-CN': '星期六', 'en-US': 'Saturday' },
  'duration.seconds': { 'zh-CN': '{{count}}秒', 'en-US': '{{count}} seconds' },
  'duration.minute': { 'zh-CN': '{{count}}分钟', 'en-US': '{{count}} minute' },
  'duration.minutes': { 'zh-CN': '{{count}}分钟', 'en-US': '{{count}} minutes' },
  'duration.hour': { 'zh-CN': '{{count}}小时', 'en-US': '{{count}} hour' },
  'duration.hours': { 'zh-CN': '{{count}}小时', 'en-US': '{{count}} hours' },
  'duration.day': { 'zh-CN': '{{count}}天', 'en-US': '{{count}} day' },
  'duration.days': { 'zh-CN': '{{count}}天', 'en-US': '{{count}} days' },
  'duration.permanent': { 'zh-CN': '永久', 'en-US': 'Permanent' },

  // Labels of entity values
  'gender.man': { 'zh-CN': '男', 'en-US': 'Man' },
  'gender.female': { 'zh-CN': '女', 'en-US': 'Female' },
  'gender.unknown': { 'zh-CN': '未知', 'en-US': 'Unknown' },
  'wallet.type.system': { 'zh-CN': '系统', 'en-US': 'System' },
  'wallet.type.redPacket': { 'zh-CN': '红包', 'en-US': 'Red packet' },
  'wallet.type.withdrawal': { 'zh-CN': '提现', 'en-US': 'Withdrawal' },
  'wallet.type.topUp': { 'zh-CN': '充值', 'en-US': 'Top-up' },
  'wallet.type.unknown': { 'zh-CN': '未知', 'en-US': 'Unknown' },
  'call.cancel': { 'zh-CN': '取消', 'en-US': 'Cancel' },
  'call.reject': { 'zh-CN': '拒绝', 'en-US': 'Reject' },
} as const satisfies Record<string, LocalizedText>;

export type I18nKey = keyof typeof MESSAGES;

/** Values substituted into `{{name}}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;
