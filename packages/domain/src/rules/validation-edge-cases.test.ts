import { describe, expect, it } from 'vitest';
import { MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS } from '../constants';
import {
  formRules,
  planCreateGroup,
  validateLogLineCount,
  validateMuteDuration,
  validatePayPasswordChange,
  validateRequired,
  validateSelectedFile,
} from './validation';
import { validationFailure } from '../testing/builders';

const failure = validationFailure;

describe('§4/§5 pay password form: an empty old pay password is asked for, not judged', () => {
  it('an old pay password left empty prompts for it (oldPassword required), before its format is checked', () => {
    expect(
      validatePayPasswordChange({ hasExisting: true, oldPin: '', newPin: '123456', confirmPin: '123456' }),
    ).toEqual(failure('oldPassword', 'validation.oldPassword.required'));
    expect(
      validatePayPasswordChange({ hasExisting: true, oldPin: '', newPin: '12', confirmPin: '34' }),
    ).toEqual(failure('oldPassword', 'validation.oldPassword.required'));
  });

  it('without an existing pay password, an empty old one is ignored', () => {
    expect(
      validatePayPasswordChange({ hasExisting: false, oldPin: '', newPin: '654321', confirmPin: '654321' }),
    ).toEqual({ ok: true, value: { oldPin: undefined, newPin: '654321' } });
  });
});

describe('§5 required prompts trim what they accept', () => {
  it('surrounding whitespace is dropped from the accepted value, inner spaces kept', () => {
    expect(validateRequired('nickname', '\t Ann Lee \n')).toEqual({ ok: true, value: 'Ann Lee' });
    expect(validateRequired('invitationCode', '\n\t')).toEqual(
      failure('invitationCode', 'validation.invitationCode.required'),
    );
  });
});

describe('§5 log upload line count with surrounding whitespace', () => {
  it('a count typed with spaces around it is accepted as the number', () => {
    expect(validateLogLineCount(' 200 ')).toEqual({ ok: true, value: 200 });
    expect(validateLogLineCount('\t1\n')).toEqual({ ok: true, value: 1 });
    expect(validateLogLineCount('   ')).toEqual(failure('logLineCount', 'validation.logLines.invalid'));
    expect(validateLogLineCount('2 00')).toEqual(failure('logLineCount', 'validation.logLines.invalid'));
  });
});

describe('§5 default form messages: blank numbers and missing bounds', () => {
  it('a blank number is of the wrong type, not zero', () => {
    for (const blank of ['   ', '\n', '\t ']) {
      expect(formRules.number('Lines', blank, { min: -5 })).toEqual(
        failure('form', 'validation.default.typeInvalid', { field: 'Lines', type: 'number' }),
      );
    }
  });

  it('without bounds any finite number and any length pass', () => {
    for (const [input, value] of [
      ['-1e300', -1e300],
      ['1e300', 1e300],
      ['0', 0],
      ['-0.5', -0.5],
    ] as const) {
      expect(formRules.number('Lines', input)).toEqual({ ok: true, value });
    }
    expect(formRules.length('Bio', '', {})).toEqual({ ok: true, value: '' });
    expect(formRules.length('Bio', 'x'.repeat(10_000), {})).toEqual({ ok: true, value: 'x'.repeat(10_000) });
    expect(formRules.number('Lines', '-7', { max: 3 })).toEqual({ ok: true, value: -7 });
    expect(formRules.number('Lines', '7000', { min: 3 })).toEqual({ ok: true, value: 7000 });
  });

  it('a required field is filled by any non-blank text, returned as typed', () => {
    expect(formRules.required('Name', ' a ')).toEqual({ ok: true, value: ' a ' });
    expect(formRules.required('Name', '')).toEqual(
      failure('form', 'validation.default.required', { field: 'Name' }),
    );
  });
});

describe('§5 files: the extension is what follows the last dot of a name that does not start with it', () => {
  const images = { mimeTypes: ['image/png'], extensions: ['.png'] };

  it('a hidden file named after the extension has no extension', () => {
    expect(validateSelectedFile({ name: '.png', type: '' }, images)).toEqual(
      failure('file', 'validation.file.unsupportedType'),
    );
    expect(validateSelectedFile({ name: 'png', type: '' }, images)).toEqual(
      failure('file', 'validation.file.unsupportedType'),
    );
    expect(validateSelectedFile({ name: 'photo.png.txt', type: '' }, images)).toEqual(
      failure('file', 'validation.file.unsupportedType'),
    );
  });

  it('the last extension counts, in any letter case', () => {
    const file = { name: 'backup.tar.PnG', type: '' };
    expect(validateSelectedFile(file, images)).toEqual({ ok: true, value: file });
    const hidden = { name: '.icon.png', type: '' };
    expect(validateSelectedFile(hidden, images)).toEqual({ ok: true, value: hidden });
  });
});

describe('§5 mute durations: only the fixed choices', () => {
  it('each fixed choice and permanent is accepted as itself; values next to them are not', () => {
    for (const seconds of [...MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS]) {
      expect(validateMuteDuration(seconds)).toEqual({ ok: true, value: seconds });
      for (const near of [seconds - 1, seconds + 1]) {
        expect(validateMuteDuration(near)).toEqual(
          failure('muteDuration', 'validation.mute.durationRequired'),
        );
      }
    }
    expect(validateMuteDuration(0)).toEqual(failure('muteDuration', 'validation.mute.durationRequired'));
  });
});

describe('§4 create group: how many distinct people are selected decides', () => {
  it('nobody selected is the create-group limit, whatever the name', () => {
    expect(planCreateGroup({ groupName: 'Team', selectedUserIDs: [] })).toEqual(
      failure('members', 'validation.createGroup.limit', { min: 2 }),
    );
  });

  it('two different people make a group, in the order picked', () => {
    expect(planCreateGroup({ groupName: 'Pair', selectedUserIDs: ['u2', 'u1', 'u2'] })).toEqual({
      ok: true,
      value: { kind: 'createGroup', groupName: 'Pair', memberUserIDs: ['u2', 'u1'] },
    });
  });
});
