import { describe, expect, it } from 'vitest';
import { permissionError, validationError } from '@teamim/domain';
import { stateFailure } from '../../shared/app-error';
import { errorText } from './error-text';

describe('errorText (what a contacts view shows for a failed use case)', () => {
  it('a §5 rule shows its own message, with its params when it has some', () => {
    expect(errorText(validationError('nickname', 'validation.nickname.required'))).toStrictEqual({
      kind: 'i18n',
      i18nKey: 'validation.nickname.required',
    });
    expect(errorText(validationError('nickname', 'validation.nickname.tooLong', { max: 20 }))).toStrictEqual({
      kind: 'i18n',
      i18nKey: 'validation.nickname.tooLong',
      params: { max: 20 },
    });
  });

  it('a §6 refusal shows its permission text', () => {
    expect(errorText(permissionError('editOwnProfileOnly'))).toStrictEqual({
      kind: 'i18n',
      i18nKey: 'permission.editOwnProfileOnly',
    });
  });

  it('§8 a server refusal shows the spec text for its code, else the server message', () => {
    expect(errorText({ kind: 'remote', code: 20001, message: 'password error' })).toStrictEqual({
      kind: 'i18n',
      i18nKey: 'error.wrongPassword',
    });
    expect(errorText({ kind: 'remote', code: 99_999, message: 'odd failure' })).toMatchObject({
      kind: 'raw',
    });
  });

  it('a state failure (nothing to act on) shows "access failed"', () => {
    expect(errorText(stateFailure('busy'))).toStrictEqual({ kind: 'i18n', i18nKey: 'toast.accessFailed' });
  });
});
