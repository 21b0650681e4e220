import { describe, expect, it } from 'vitest';
import { validationFailure } from '../../testing/builders';
import { formRules, validateLogLineCount, validateRequired } from './form';

const failure = validationFailure;

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

describe('§5 required prompts trim what they accept', () => {
  it('surrounding whitespace is dropped from the accepted value, inner spaces kept', () => {
    expect(validateRequired('nickname', '\t Ann Lee \n')).toEqual({ ok: true, value: 'Ann Lee' });
    expect(validateRequired('invitationCode', '\n\t')).toEqual(
      failure('invitationCode', 'validation.invitationCode.required'),
    );
  });
});

describe('§5 Log upload line count', () => {
  it('§5 log upload line count is numeric', () => {
    expect(validateLogLineCount('100')).toEqual({ ok: true, value: 100 });
    for (const bad of ['', 'abc', '-5', '0', '1.5', '1e3', '99999999999999999999']) {
      expect(validateLogLineCount(bad)).toEqual(failure('logLineCount', 'validation.logLines.invalid'));
    }
  });

  it('a count typed with spaces around it is accepted as the number', () => {
    expect(validateLogLineCount(' 200 ')).toEqual({ ok: true, value: 200 });
    expect(validateLogLineCount('\t1\n')).toEqual({ ok: true, value: 1 });
    expect(validateLogLineCount('   ')).toEqual(failure('logLineCount', 'validation.logLines.invalid'));
    expect(validateLogLineCount('2 00')).toEqual(failure('logLineCount', 'validation.logLines.invalid'));
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

describe('§5 Default form messages at their bounds', () => {
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
