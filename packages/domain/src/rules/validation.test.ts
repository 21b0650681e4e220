import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX_BYTES, MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS } from '../constants';
import {
  fitWithin,
  formRules,
  isVerificationCodeExpired,
  normalizeAreaCode,
  planCreateGroup,
  topSearchKeyword,
  validateAvatarFile,
  validateBirth,
  validateEmail,
  validateForwardTargets,
  validateGroupName,
  validateLogLineCount,
  validateMessageText,
  validateMuteDuration,
  validateNickname,
  validatePassword,
  validatePasswordPair,
  validatePayPassword,
  validatePayPasswordChange,
  validatePhoneNumber,
  validateRequestMessage,
  validateRequired,
  validateSearchKeyword,
  validateSelectedFile,
  validateSelectionLimit,
  validateVerificationCode,
} from './validation';
import { messageContentBytes } from './message-size';
import { validationFailure } from '../testing/builders';

const failure = validationFailure;

describe('§5 Password (register)', () => {
  it('§5 password is required', () => {
    expect(validatePassword('')).toEqual(failure('password', 'validation.password.required'));
  });

  it('§5 password must be 6-20 characters', () => {
    expect(validatePassword('ab12')).toEqual(
      failure('password', 'validation.password.length', { min: 6, max: 20 }),
    );
    expect(validatePassword('a1'.repeat(10) + 'x')).toEqual(
      failure('password', 'validation.password.length', { min: 6, max: 20 }),
    );
    expect(validatePassword('abc123')).toEqual({ ok: true, value: 'abc123' });
    expect(validatePassword('a1'.repeat(10))).toEqual({ ok: true, value: 'a1'.repeat(10) });
  });

  it('§5 password needs at least digits and letters', () => {
    expect(validatePassword('123456')).toEqual(failure('password', 'validation.password.format'));
    expect(validatePassword('abcdef')).toEqual(failure('password', 'validation.password.format'));
    expect(validatePassword('abc-123!').ok).toBe(true);
  });

  it("§5 the two entries must match, otherwise 'passwords do not match'", () => {
    expect(validatePasswordPair('abc123', 'abc124')).toEqual(
      failure('confirmPassword', 'validation.password.mismatch'),
    );
    expect(validatePasswordPair('abc123', 'abc123')).toEqual({ ok: true, value: 'abc123' });
    expect(validatePasswordPair('short', 'short')).toEqual(
      failure('password', 'validation.password.length', { min: 6, max: 20 }),
    );
  });
});

describe('§5 Required prompts', () => {
  it.each([
    ['oldPassword', 'validation.oldPassword.required'],
    ['groupName', 'validation.groupName.required'],
    ['content', 'validation.content.required'],
    ['nickname', 'validation.nickname.required'],
    ['phone', 'validation.phone.required'],
    ['email', 'validation.email.required'],
    ['verificationCode', 'validation.verificationCode.required'],
    ['password', 'validation.password.required'],
    ['invitationCode', 'validation.invitationCode.required'],
  ] as const)('§5 %s is required with its own prompt', (field, key) => {
    expect(validateRequired(field, '   ')).toEqual(failure(field, key));
    expect(validateRequired(field, undefined)).toEqual(failure(field, key));
    expect(validateRequired(field, ' x ')).toEqual({ ok: true, value: 'x' });
  });
});

describe('§5 Verification code', () => {
  it('§5 verification code is 6 digits', () => {
    expect(validateVerificationCode('')).toEqual(
      failure('verificationCode', 'validation.verificationCode.required'),
    );
    expect(validateVerificationCode('12345')).toEqual(
      failure('verificationCode', 'validation.verificationCode.invalid', { length: 6 }),
    );
    expect(validateVerificationCode('12345a')).toEqual(
      failure('verificationCode', 'validation.verificationCode.invalid', { length: 6 }),
    );
    expect(validateVerificationCode(' 123456 ')).toEqual({ ok: true, value: '123456' });
  });

  it('§5 verification code is valid 10 minutes', () => {
    const sentAt = 1_700_000_000_000;
    expect(isVerificationCodeExpired(sentAt, sentAt + 10 * 60_000 - 1)).toBe(false);
    expect(isVerificationCodeExpired(sentAt, sentAt + 10 * 60_000)).toBe(true);
  });
});

describe('§5 Group name and create group', () => {
  it('§5 group name is trimmed, required and at most 16 characters', () => {
    expect(validateGroupName('  ')).toEqual(failure('groupName', 'validation.groupName.required'));
    expect(validateGroupName('x'.repeat(17))).toEqual(
      failure('groupName', 'validation.groupName.tooLong', { max: 16 }),
    );
    expect(validateGroupName(' 团队群 ')).toEqual({ ok: true, value: '团队群' });
    // 16 emoji are 16 characters even though each is two UTF-16 units.
    expect(validateGroupName('😀'.repeat(16)).ok).toBe(true);
  });

  it('§5 create group needs a trimmed name and more than one member (create-group-limit)', () => {
    expect(planCreateGroup({ groupName: '', selectedUserIDs: ['a', 'b'] })).toEqual(
      failure('groupName', 'validation.groupName.required'),
    );
    expect(planCreateGroup({ groupName: 'Team', selectedUserIDs: [] })).toEqual(
      failure('members', 'validation.createGroup.limit', { min: 2 }),
    );
    expect(planCreateGroup({ groupName: ' Team ', selectedUserIDs: ['a', 'b', 'a'] })).toEqual({
      ok: true,
      value: { kind: 'createGroup', groupName: 'Team', memberUserIDs: ['a', 'b'] },
    });
  });

  it('§4 creating a group with one person selected opens a single chat instead', () => {
    expect(planCreateGroup({ groupName: '', selectedUserIDs: ['u1'] })).toEqual({
      ok: true,
      value: { kind: 'openSingleChat', userID: 'u1' },
    });
    // The same person picked twice is still one person.
    expect(planCreateGroup({ groupName: '', selectedUserIDs: ['u1', 'u1'] })).toEqual({
      ok: true,
      value: { kind: 'openSingleChat', userID: 'u1' },
    });
  });
});

describe('§5 Request messages, nickname, e-mail, phone, area code, birth', () => {
  it('§5 join and friend request messages are at most 50 characters', () => {
    expect(validateRequestMessage('join', 'x'.repeat(50))).toEqual({ ok: true, value: 'x'.repeat(50) });
    expect(validateRequestMessage('join', 'x'.repeat(51))).toEqual(
      failure('joinRequestMessage', 'validation.joinRequest.tooLong', { max: 50 }),
    );
    expect(validateRequestMessage('friend', 'x'.repeat(51))).toEqual(
      failure('friendRequestMessage', 'validation.friendRequest.tooLong', { max: 50 }),
    );
  });

  it("§5 nickname is required ('input nickname') and at most 20", () => {
    expect(validateNickname(' ')).toEqual(failure('nickname', 'validation.nickname.required'));
    expect(validateNickname('n'.repeat(21))).toEqual(
      failure('nickname', 'validation.nickname.tooLong', { max: 20 }),
    );
    expect(validateNickname(' 小明 ')).toEqual({ ok: true, value: '小明' });
  });

  it("§5 e-mail must have a valid format ('input correct email')", () => {
    expect(validateEmail('')).toEqual(failure('email', 'validation.email.required'));
    for (const bad of ['a', 'a@b', 'a b@c.d', '@c.d', 'a@.d', 'a@b.', 'a@@b.c', `${'a'.repeat(250)}@b.cd`]) {
      expect(validateEmail(bad)).toEqual(failure('email', 'validation.email.invalid'));
    }
    expect(validateEmail(' alice@example.com ')).toEqual({ ok: true, value: 'alice@example.com' });
    expect(validateEmail('a.b+c@mail.example.cn').ok).toBe(true);
  });

  it('§5 phone number is required and valid', () => {
    expect(validatePhoneNumber('')).toEqual(failure('phone', 'validation.phone.required'));
    expect(validatePhoneNumber('12ab5678')).toEqual(failure('phone', 'validation.phone.invalid'));
    expect(validatePhoneNumber('1234')).toEqual(failure('phone', 'validation.phone.invalid'));
    expect(validatePhoneNumber('1'.repeat(16))).toEqual(failure('phone', 'validation.phone.invalid'));
    expect(validatePhoneNumber('138 0013-8000')).toEqual({ ok: true, value: '13800138000' });
  });

  it('§5 area code is always sent with a leading plus', () => {
    expect(normalizeAreaCode('86')).toEqual({ ok: true, value: '+86' });
    expect(normalizeAreaCode(' +1 ')).toEqual({ ok: true, value: '+1' });
    expect(normalizeAreaCode('++86')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
    expect(normalizeAreaCode('')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
    expect(normalizeAreaCode('12345')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
  });

  it('§5 birth date is not later than today (in the user time zone)', () => {
    const now = Date.UTC(2026, 10, 22, 1, 0); // 09:00 on 22 Nov in UTC+8
    const shanghai = 480;
    expect(validateBirth(Date.UTC(1990, 0, 1), now, shanghai)).toEqual({
      ok: true,
      value: Date.UTC(1990, 0, 1),
    });
    // Later today in Shanghai is still today.
    expect(validateBirth(Date.UTC(2026, 10, 22, 15, 0), now, shanghai).ok).toBe(true);
    // 16:30 UTC is already 23 Nov in Shanghai: tomorrow.
    expect(validateBirth(Date.UTC(2026, 10, 22, 16, 30), now, shanghai)).toEqual(
      failure('birth', 'validation.birth.future'),
    );
    expect(validateBirth(Number.NaN, now, shanghai)).toEqual(failure('birth', 'validation.birth.future'));
  });
});

describe('§5 Pay password', () => {
  it('§5 pay password is six digits', () => {
    expect(validatePayPassword('123456')).toEqual({ ok: true, value: '123456' });
    for (const bad of ['12345', '1234567', '12345a', '']) {
      expect(validatePayPassword(bad)).toEqual(
        failure('payPassword', 'validation.payPassword.invalid', { length: 6 }),
      );
    }
  });

  it('§4 the old pay password is asked only when one exists', () => {
    expect(validatePayPasswordChange({ hasExisting: false, newPin: '123456', confirmPin: '123456' })).toEqual(
      {
        ok: true,
        value: { oldPin: undefined, newPin: '123456' },
      },
    );
    expect(validatePayPasswordChange({ hasExisting: true, newPin: '123456', confirmPin: '123456' })).toEqual(
      failure('oldPassword', 'validation.oldPassword.required'),
    );
    expect(
      validatePayPasswordChange({ hasExisting: true, oldPin: '12', newPin: '123456', confirmPin: '123456' }),
    ).toEqual(failure('oldPassword', 'validation.payPassword.invalid', { length: 6 }));
    expect(
      validatePayPasswordChange({
        hasExisting: true,
        oldPin: '000000',
        newPin: '123456',
        confirmPin: '123456',
      }),
    ).toEqual({ ok: true, value: { oldPin: '000000', newPin: '123456' } });
  });

  it('§5 new and confirm must match, otherwise passwordNotMatch', () => {
    expect(validatePayPasswordChange({ hasExisting: false, newPin: '123456', confirmPin: '654321' })).toEqual(
      failure('confirmPayPassword', 'validation.payPassword.mismatch'),
    );
    expect(validatePayPasswordChange({ hasExisting: false, newPin: '1234', confirmPin: '1234' })).toEqual(
      failure('payPassword', 'validation.payPassword.invalid', { length: 6 }),
    );
  });
});

describe('§5 Mute, messages, forward, search, log lines', () => {
  it('§5 a mute duration must be chosen (select mute duration toast)', () => {
    expect(validateMuteDuration(undefined)).toEqual(
      failure('muteDuration', 'validation.mute.durationRequired'),
    );
    expect(validateMuteDuration(42)).toEqual(failure('muteDuration', 'validation.mute.durationRequired'));
    for (const seconds of [...MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS]) {
      expect(validateMuteDuration(seconds)).toEqual({ ok: true, value: seconds });
    }
  });

  it('§5 an empty text is not sent', () => {
    expect(validateMessageText(' \n\t')).toEqual(failure('message', 'validation.message.empty'));
    expect(validateMessageText(' hi ')).toEqual({ ok: true, value: ' hi ' });
  });

  it("a text over the server's content limit (102400 bytes) is stopped before it is sent", () => {
    const tooLong = failure('message', 'validation.message.tooLong', { max: 100 });
    expect(validateMessageText('x'.repeat(120_000))).toEqual(tooLong);
    // What the server measures: the text as the SDK encodes it in the content, envelope included.
    const fits = 'x'.repeat(MESSAGE_CONTENT_MAX_BYTES - 1_024);
    expect(messageContentBytes(fits)).toBe(MESSAGE_CONTENT_MAX_BYTES);
    expect(validateMessageText(fits).ok).toBe(true);
    expect(validateMessageText(`${fits}x`)).toEqual(tooLong);
    // Multi-byte characters and escapes count as the bytes they take.
    expect(messageContentBytes('é中😀')).toBe(1_024 + 2 + 3 + 4);
    expect(messageContentBytes('"\\\n<&>\u2028\u0001')).toBe(1_024 + 2 + 2 + 2 + 6 * 5);
    expect(validateMessageText('中'.repeat(40_000))).toEqual(tooLong);
    expect(validateMessageText('中'.repeat(30_000)).ok).toBe(true);
  });

  it("§5 forward needs at least one conversation ('please select conversation to forward')", () => {
    expect(validateForwardTargets([])).toEqual(
      failure('forwardTargets', 'validation.forward.noConversation'),
    );
    expect(validateForwardTargets(['c1', 'c2', 'c1'])).toEqual({ ok: true, value: ['c1', 'c2'] });
  });

  it('§5 add-friend/group search needs a non-empty keyword; top search ignores blank input', () => {
    expect(validateSearchKeyword('  ')).toEqual(failure('keyword', 'validation.search.keywordRequired'));
    expect(validateSearchKeyword(' bob ')).toEqual({ ok: true, value: 'bob' });
    expect(topSearchKeyword('   ')).toBeUndefined();
    expect(topSearchKeyword(' bob ')).toBe('bob');
  });

  it('§5 log upload line count is numeric', () => {
    expect(validateLogLineCount('100')).toEqual({ ok: true, value: 100 });
    for (const bad of ['', 'abc', '-5', '0', '1.5', '1e3', '99999999999999999999']) {
      expect(validateLogLineCount(bad)).toEqual(failure('logLineCount', 'validation.logLines.invalid'));
    }
  });
});

describe('§5 Files and avatar upload', () => {
  const images = { mimeTypes: ['image/png'], extensions: ['.png'] };

  it('§5 a folder is rejected', () => {
    expect(validateSelectedFile({ name: 'docs', type: '', isDirectory: true })).toEqual(
      failure('file', 'validation.file.folder'),
    );
  });

  it('§5 an unsupported file type is rejected; MIME type or extension may match', () => {
    expect(validateSelectedFile({ name: 'a.exe', type: 'application/x-msdownload' }, images)).toEqual(
      failure('file', 'validation.file.unsupportedType'),
    );
    expect(validateSelectedFile({ name: 'noext', type: '' }, images)).toEqual(
      failure('file', 'validation.file.unsupportedType'),
    );
    expect(validateSelectedFile({ name: 'A.PNG', type: '' }, images).ok).toBe(true);
    expect(validateSelectedFile({ name: 'photo', type: 'image/png' }, images).ok).toBe(true);
    expect(validateSelectedFile({ name: 'any.bin', type: 'application/octet-stream' }).ok).toBe(true);
  });

  it('§5 exceeding a selection limit is an error', () => {
    expect(validateSelectionLimit(10, 9)).toEqual(
      failure('file', 'validation.file.selectionLimit', { max: 9 }),
    );
    expect(validateSelectionLimit(9, 9)).toEqual({ ok: true, value: 9 });
  });

  it('§5 avatar upload takes images only (.jpeg, .png, .webp)', () => {
    expect(validateAvatarFile({ name: 'me.gif', type: 'image/gif' })).toEqual(
      failure('avatar', 'validation.avatar.unsupportedType'),
    );
    expect(validateAvatarFile({ name: 'me.jpeg', type: 'image/jpeg' }).ok).toBe(true);
    expect(validateAvatarFile({ name: 'me.webp', type: '' }).ok).toBe(true);
    expect(validateAvatarFile({ name: 'dir', type: '', isDirectory: true })).toEqual(
      failure('avatar', 'validation.avatar.unsupportedType'),
    );
  });

  it('§5 avatar is resized to at most 400x400 keeping the aspect ratio', () => {
    expect(fitWithin(1600, 800)).toEqual({ width: 400, height: 200 });
    expect(fitWithin(300, 1200)).toEqual({ width: 100, height: 400 });
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100 });
    expect(fitWithin(4000, 1)).toEqual({ width: 400, height: 1 });
    expect(fitWithin(0, 100)).toEqual({ width: 0, height: 0 });
  });
});

describe('§5 Default form messages', () => {
  it('§5 required', () => {
    expect(formRules.required('Name', ' ')).toEqual(
      failure('form', 'validation.default.required', { field: 'Name' }),
    );
    expect(formRules.required('Name', 'x')).toEqual({ ok: true, value: 'x' });
  });

  it('§5 length min, max and range', () => {
    expect(formRules.length('Code', 'ab', { min: 3 })).toEqual(
      failure('form', 'validation.default.lengthMin', { field: 'Code', min: 3 }),
    );
    expect(formRules.length('Code', 'abcd', { max: 3 })).toEqual(
      failure('form', 'validation.default.lengthMax', { field: 'Code', max: 3 }),
    );
    expect(formRules.length('Code', 'a', { min: 2, max: 3 })).toEqual(
      failure('form', 'validation.default.lengthRange', { field: 'Code', min: 2, max: 3 }),
    );
    expect(formRules.length('Code', 'abc', { min: 2, max: 3 })).toEqual({ ok: true, value: 'abc' });
  });

  it('§5 number min/max and type invalid', () => {
    expect(formRules.number('Lines', 'abc')).toEqual(
      failure('form', 'validation.default.typeInvalid', { field: 'Lines', type: 'number' }),
    );
    expect(formRules.number('Lines', '')).toEqual(
      failure('form', 'validation.default.typeInvalid', { field: 'Lines', type: 'number' }),
    );
    expect(formRules.number('Lines', '0', { min: 1 })).toEqual(
      failure('form', 'validation.default.numberMin', { field: 'Lines', min: 1 }),
    );
    expect(formRules.number('Lines', '200', { max: 100 })).toEqual(
      failure('form', 'validation.default.numberMax', { field: 'Lines', max: 100 }),
    );
    expect(formRules.number('Lines', ' 42 ', { min: 1, max: 100 })).toEqual({ ok: true, value: 42 });
  });
});

describe('§5 Validation boundaries', () => {
  it('§5 generic lengths and numbers accept their exact bounds and reject one past them', () => {
    expect(formRules.length('Code', 'abc', { min: 3 })).toEqual({ ok: true, value: 'abc' });
    expect(formRules.length('Code', 'abc', { max: 3 })).toEqual({ ok: true, value: 'abc' });
    expect(formRules.length('Code', 'abcd', { min: 3 })).toEqual({ ok: true, value: 'abcd' });
    expect(formRules.length('Code', 'ab', { max: 3 })).toEqual({ ok: true, value: 'ab' });
    expect(formRules.number('Lines', ' 5 ', { min: 5, max: 5 })).toEqual({ ok: true, value: 5 });
    expect(formRules.number('Lines', '4', { max: 5 })).toEqual({ ok: true, value: 4 });
    expect(formRules.number('Lines', '6', { min: 5 })).toEqual({ ok: true, value: 6 });
    expect(formRules.number('Lines', '4', { min: 5 })).toEqual(
      failure('form', 'validation.default.numberMin', { field: 'Lines', min: 5 }),
    );
    expect(formRules.number('Lines', '6', { max: 5 })).toEqual(
      failure('form', 'validation.default.numberMax', { field: 'Lines', max: 5 }),
    );
    expect(formRules.required('Name', undefined)).toEqual(
      failure('form', 'validation.default.required', { field: 'Name' }),
    );
  });

  it('§5 an e-mail may be 254 characters long, not 255, and nothing may follow its domain', () => {
    const local = 'a'.repeat(254 - '@example.com'.length);
    expect(validateEmail(`${local}@example.com`).ok).toBe(true);
    expect(validateEmail(`${local}a@example.com`)).toEqual(failure('email', 'validation.email.invalid'));
    expect(validateEmail('a@example.com b')).toEqual(failure('email', 'validation.email.invalid'));
    expect(normalizeAreaCode('8+6')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
  });

  it('§5 files: a leading dot is no extension, and an empty MIME type matches nothing', () => {
    const images = { mimeTypes: ['image/png', ''], extensions: ['.png', ''] };
    expect(validateSelectedFile({ name: '.png', type: '' }, { ...images, extensions: ['.png'] })).toEqual(
      failure('file', 'validation.file.unsupportedType'),
    );
    expect(
      validateSelectedFile({ name: 'x.bin', type: '' }, { mimeTypes: [''], extensions: ['.png'] }),
    ).toEqual(failure('file', 'validation.file.unsupportedType'));
    expect(
      validateSelectedFile({ name: 'a.PNG', type: '' }, { mimeTypes: [], extensions: ['.png'] }).ok,
    ).toBe(true);
    expect(fitWithin(100, 0)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(100, -5)).toEqual({ width: 0, height: 0 });
  });
});
