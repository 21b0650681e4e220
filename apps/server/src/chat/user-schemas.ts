import { z } from 'zod';
import { jsonInt, keywordText, optStr } from './validation';

/** The inputs of the `/chat/user/*` and `/chat/friend/add` routes (`UserService` takes them parsed). */
export const findFullSchema = z.object({
  userIDs: z.array(z.string().min(1).max(64)).min(1, 'userIDs must not be empty').max(1000),
});

const flag12 = jsonInt.pipe(z.number().int().min(1).max(2));

export const updateSchema = z.object({
  userID: z.string().min(1, 'userID is required').max(64),
  nickname: z.string().trim().max(20, 'nickname is at most 20 characters').nullish(),
  faceURL: optStr(1024),
  email: z.string().max(254).nullish(),
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  gender: jsonInt.pipe(z.number().int().min(0).max(2)).nullish(),
  birth: jsonInt.pipe(z.number().int().min(0)).nullish(),
  allowAddFriend: flag12.nullish(),
  allowBeep: flag12.nullish(),
  allowVibration: flag12.nullish(),
  globalRecvMsgOpt: jsonInt.pipe(z.number().int().min(0).max(2)).nullish(),
  level: z.unknown().optional(),
  RegisterType: z.unknown().optional(),
  account: z.unknown().optional(),
});

export const SEARCH_FIELDS = ['nickname', 'phone', 'invitation_code', 'userID'] as const;

export const searchSchema = z.object({
  keyword: keywordText.pipe(z.string().min(1, 'keyword is required')),
  searchFields: z.array(z.enum(SEARCH_FIELDS)).max(SEARCH_FIELDS.length).nullish(),
  pagination: z
    .object({
      pageNumber: z.number().int().min(1).max(1_000_000).nullish(),
      showNumber: z.number().int().min(1).max(100).nullish(),
    })
    .nullish(),
  excludeSelf: z.boolean().nullish(),
});

export const rtcSchema = z.object({
  room: z.string().trim().min(1, 'room is required').max(256),
  identity: z.string().min(1, 'identity is required').max(64),
});

export const friendAddSchema = z.object({
  toUserID: z.string().min(1, 'toUserID is required').max(64),
  reqMsg: z.string().max(50, 'reqMsg is at most 50 characters').nullish(),
  fromUserID: optStr(64),
});
