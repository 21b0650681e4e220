import { describe, expect, it } from 'vitest';
import { validationFailure } from '../../testing/builders';
import { fitWithin, validateAvatarFile, validateSelectedFile, validateSelectionLimit } from './files';

const failure = validationFailure;

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

describe('§5 Files at their edges', () => {
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
