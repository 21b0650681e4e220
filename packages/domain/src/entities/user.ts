/** People: self, friends, search results, blacklist (spec §3). */

/** Gender as the client means it: 1 man, 2 female, 0 or absent unknown. */
export const Gender = {
  Unknown: 0,
  Man: 1,
  Female: 2,
} as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/**
 * The chat API's allow flag (`allowAddFriend`, and by the same convention `allowCreateGroup`):
 * 1 allow, 2 not allow. Not to be confused with the SDK's group `AllowType` (0/1).
 */
export const BusinessAllowType = {
  Allow: 1,
  NotAllow: 2,
} as const;
export type BusinessAllowType = (typeof BusinessAllowType)[keyof typeof BusinessAllowType];

export interface SelfInfo {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
  readonly email: string;
  readonly gender: Gender;
  /** Birth date as a ms timestamp (0 when unknown). */
  readonly birth: number;
  readonly phoneNumber: string;
  readonly areaCode?: string;
  /**
   * Absent means unknown: a real chat v1.8 deployment has no wallet and never sends the field, which
   * must not read as "no pay password".
   */
  readonly hasPayPassword?: boolean;
  readonly allowAddFriend: BusinessAllowType;
  /** Absent means unknown (real chat v1.8 has no such flag): the IM server then decides. */
  readonly allowCreateGroup?: BusinessAllowType;
}

export interface Friend {
  readonly userID: string;
  readonly nickname: string;
  readonly remark: string;
  readonly faceURL: string;
  readonly gender?: Gender;
  readonly birth?: number;
  readonly phoneNumber?: string;
  readonly email?: string;
}

/** A user found by the chat API's fuzzy search (public fields only). */
export interface SearchedUser {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
  readonly gender: Gender;
  readonly allowAddFriend: BusinessAllowType;
}

export interface BlacklistEntry {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
}

/** Built-in avatar names; a faceURL equal to one of them selects the bundled image. */
export const BUILT_IN_AVATARS = [
  'ic_avatar_01',
  'ic_avatar_02',
  'ic_avatar_03',
  'ic_avatar_04',
  'ic_avatar_05',
  'ic_avatar_06',
] as const;
export type BuiltInAvatar = (typeof BUILT_IN_AVATARS)[number];
