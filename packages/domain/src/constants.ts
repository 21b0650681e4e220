/**
 * Every business constant and limit of spec §9 (plus the few fixed values §3-§7 name), in one
 * typed module. Durations carry their unit in the name.
 */

export const APP_VERSION = 'v3.8.3';
export const SDK_VERSION = 'v3.8.3';

export const VERIFICATION_CODE = {
  length: 6,
  validMs: 10 * 60 * 1000,
} as const;

export const PASSWORD = {
  minLength: 6,
  maxLength: 20,
} as const;

export const PAY_PASSWORD_LENGTH = 6;

/** "More than one member selected" to create a group. */
export const CREATE_GROUP_MIN_SELECTED = 2;

export const TEXT_LIMITS = {
  groupName: 16,
  joinRequestMessage: 50,
  friendRequestMessage: 50,
  nickname: 20,
} as const;

/**
 * The largest message content the server stores: our server and OpenIM refuse a send whose content (the
 * JSON the SDK builds around the text) is larger, with "content too large (max 102400 bytes)".
 */
export const MESSAGE_CONTENT_MAX_BYTES = 102_400;

export const REQUEST_TIMEOUT_MS = 25_000;

export const PAGING = {
  friendListFirst: 10_000,
  friendListNext: 1_000,
  groupList: 1_000,
  conversation: 500,
  groupMemberFirst: 500,
  groupMemberNext: 100,
  /** A group's members whose names a meeting there looks up before the join. */
  meetingMembersAhead: 100,
  history: 20,
  forwardConversationList: 100,
  fuzzyUserSearch: 20,
  localMessageSearchPerConversation: 5,
  localMessageSearchMaxConversations: 20,
} as const;

/** Default search fields of the chat API's fuzzy user search. */
export const FUZZY_USER_SEARCH_FIELDS = ['nickname', 'phone', 'invitation_code'] as const;

export const MESSAGE_PREVIEW_MAX_LENGTH = 50;

export const TIMINGS_MS = {
  searchDebounce: 500,
  readMarkDebounce: 2_000,
  resumeSuppression: 5_000,
  sendingSpinnerDelay: 1_000,
  payPasswordModalClose: 1_000,
  pickerPreloadDelay: 100,
} as const;

export const CALL = {
  defaultTimeoutSeconds: 30,
  /**
   * The ring timeouts a deployment may configure, in whole seconds: long enough to pick up, short enough
   * not to ring for ever.
   */
  timeoutRangeSeconds: { min: 5, max: 120 },
  /** Video codec preference, then its backup. */
  videoCodec: 'vp9',
  backupVideoCodec: 'vp8',
} as const;

export const MEDIA_ROOM = {
  reconcileIntervalMs: 4_000,
  engineRecreateAfterFailures: 3,
  trackLookupRetries: 20,
  trackLookupRetryIntervalMs: 150,
  videoVisibilityDebounceMs: 3_000,
} as const;

export const AVATAR_UPLOAD = {
  maxWidth: 400,
  maxHeight: 400,
  outputMimeType: 'image/webp',
  /** 0-1 encoder quality (spec: quality 90). */
  quality: 0.9,
  acceptedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  acceptedExtensions: ['.jpeg', '.jpg', '.png', '.webp'],
} as const;

export const MEMBER_PREVIEW = {
  forNormalMember: 17,
  forAdminOrOwner: 16,
  groupCardAvatars: 7,
  /** Shown instead of 7 when the member count is exactly 8. */
  groupCardAvatarsWhenEight: 8,
} as const;

/** The fixed mute choices in seconds, then "permanent". */
export const MUTE_DURATIONS_SECONDS = [300, 600, 1_800, 3_600, 21_600, 43_200, 86_400, 604_800] as const;
export const PERMANENT_MUTE_SECONDS = 315_360_000;

export const LOG_UPLOAD_LINES = {
  all: 10_000,
  defaultCustom: 100,
} as const;

export const RECENT_TIME = {
  justNowWithinMs: 60_000,
  calendarWithinDays: 7,
} as const;

export const BALANCE_DISPLAY = {
  centsPerYuan: 100,
  decimals: 2,
  timeLength: 16,
} as const;

/** Data cache of the query layer: no refetch on focus, 5 min freshness, 3 retries, 1 s doubling to 30 s. */
export const DATA_CACHE = {
  refetchOnWindowFocus: false,
  staleTimeMs: 5 * 60 * 1000,
  retries: 3,
  retryDelayInitialMs: 1_000,
  retryDelayMaxMs: 30_000,
} as const;

/** Notification tips list at most this many names, then "and N people". */
export const NOTIFICATION_NAME_LIMIT = 3;

/** The mention target that means "everyone"; clicking it opens no user card. */
export const AT_ALL_TAG = 'AtAllTag';

/** Key-value storage keys. Pinned messages live under the prefix plus the conversationID. */
export const STORAGE_KEYS = {
  pinnedMessagePrefix: 'pinned_message_',
  /** The composer's text of a conversation, in the tab's session storage until the box is empty. */
  draftMirrorPrefix: 'IM_DRAFT_',
  session: {
    imToken: 'IM_TOKEN',
    chatToken: 'IM_CHAT_TOKEN',
    userID: 'IM_USERID',
    /** How many times in a row this tab's session failed to start (the retry of a transient failure). */
    startAttempts: 'IM_START_ATTEMPTS',
  },
  local: {
    areaCode: 'IM_AREA_CODE',
    phoneNumber: 'IM_PHONE_NUM',
    email: 'IM_EMAIL',
    loginMethod: 'IM_LOGIN_METHOD',
    locale: 'IM_LOCALE',
  },
} as const;

export function draftMirrorKey(conversationID: string): string {
  return `${STORAGE_KEYS.draftMirrorPrefix}${conversationID}`;
}

export function pinnedMessagesStorageKey(conversationID: string): string {
  return `${STORAGE_KEYS.pinnedMessagePrefix}${conversationID}`;
}

/** Delay before retry number `attempt` (1-based): doubling from 1 s, capped at 30 s. */
export function dataCacheRetryDelayMs(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(DATA_CACHE.retryDelayInitialMs * 2 ** exponent, DATA_CACHE.retryDelayMaxMs);
}
