/** Input schemas of the account endpoints (codes, register, login, password reset and change). */
import { z } from 'zod';
import { jsonInt, optStr } from './validation';

export const sendCodeSchema = z.object({
  usedFor: jsonInt.pipe(z.number().int().min(1).max(3)),
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  invitationCode: optStr(64),
});

export const verifyCodeSchema = z.object({
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  account: optStr(32),
  verifyCode: z.string().min(1, 'verifyCode is required').max(16),
});

const passwordField = z.string().min(1, 'password is required').max(128);
// chat 1.8.4 checks 1-10 itself and leaves 10 (the admin platform) to OpenIM's token call: see
// `Accounts.requireUserPlatform`.
const platformField = jsonInt.pipe(
  z.number().int().min(1, 'platform is invalid').max(10, 'platform is invalid'),
);

export const registerSchema = z.object({
  invitationCode: optStr(64),
  verifyCode: z.string().min(1, 'verifyCode is required').max(16),
  deviceID: optStr(128),
  platform: platformField,
  autoLogin: z.boolean().nullish(),
  user: z.object({
    nickname: z.string().trim().min(1, 'nickname is required').max(20, 'nickname is at most 20 characters'),
    faceURL: optStr(1024),
    birth: jsonInt.pipe(z.number().int().min(0)).nullish(),
    gender: jsonInt.pipe(z.number().int().min(0).max(2)).nullish(),
    areaCode: optStr(8),
    phoneNumber: optStr(32),
    email: optStr(254),
    account: optStr(32),
    password: passwordField,
  }),
});

export const loginSchema = z.object({
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  account: optStr(32),
  password: optStr(128),
  verifyCode: optStr(16),
  platform: platformField,
  deviceID: optStr(128),
});

export const resetSchema = z.object({
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  verifyCode: z.string().min(1, 'verifyCode is required').max(16),
  password: passwordField,
});

export const changePasswordSchema = z.object({
  userID: optStr(64),
  currentPassword: passwordField,
  newPassword: passwordField,
});
