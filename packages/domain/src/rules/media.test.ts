import { describe, expect, it } from 'vitest';
import {
  classifyUpload,
  fileCategory,
  formatDuration,
  formatFileSize,
  mediaDisplaySize,
  MEDIA_UPLOAD,
  type FileCategory,
} from './media';

const file = (name: string, type: string, size = 10, isDirectory?: boolean) =>
  isDirectory === undefined ? { name, type, size } : { name, type, size, isDirectory };

const refusal = (i18nKey: string) => ({ ok: false, error: { kind: 'validation', field: 'file', i18nKey } });

describe('classifyUpload (spec §2 uploads, §5 files)', () => {
  it('sends browser pictures as pictures, mp4/webm as videos and anything else as a file', () => {
    expect(classifyUpload(file('a.png', 'image/png'))).toEqual({ ok: true, value: 'picture' });
    expect(classifyUpload(file('a.JPG', 'IMAGE/JPEG'))).toEqual({ ok: true, value: 'picture' });
    expect(classifyUpload(file('a.mp4', 'video/mp4'))).toEqual({ ok: true, value: 'video' });
    expect(classifyUpload(file('a.mov', 'video/quicktime'))).toEqual({ ok: true, value: 'file' });
    expect(classifyUpload(file('report.pdf', 'application/pdf'))).toEqual({ ok: true, value: 'file' });
    expect(classifyUpload(file('noext', ''))).toEqual({ ok: true, value: 'file' });
  });

  it('refuses folders with the spec error', () => {
    const r = classifyUpload(file('photos', '', 0, true));
    expect(r.ok ? undefined : r.error.i18nKey).toBe('validation.file.folder');
  });

  it.each([
    ['page.html', 'text/html'],
    ['logo.svg', 'image/svg+xml'],
    ['logo.svg', ''],
    ['x.js', 'text/javascript'],
    ['feed.xml', 'application/xml; charset=utf-8'],
    ['page.HTM', 'application/octet-stream'],
  ])('refuses active content %s (%s) as an unsupported type', (name, type) => {
    const r = classifyUpload(file(name, type));
    expect(r.ok ? undefined : r.error.i18nKey).toBe('validation.file.unsupportedType');
  });

  it('refuses files over the object limit, naming it', () => {
    const r = classifyUpload(file('big.zip', 'application/zip', MEDIA_UPLOAD.maxBytes + 1));
    expect(r.ok ? undefined : r.error).toMatchObject({
      i18nKey: 'validation.file.tooLarge',
      params: { max: '100 MB' },
    });
    expect(classifyUpload(file('ok.zip', 'application/zip', MEDIA_UPLOAD.maxBytes)).ok).toBe(true);
  });
});

describe('classifyUpload: the exact §5 errors', () => {
  it('refuses a folder with the folder error on the file field', () => {
    expect(classifyUpload(file('photos', '', 0, true))).toEqual(refusal('validation.file.folder'));
  });

  it('classifies an entry that says it is not a folder by its type', () => {
    expect(classifyUpload(file('a.png', 'image/png', 10, false))).toEqual({ ok: true, value: 'picture' });
  });

  it('refuses active content with the unsupported-type error on the file field', () => {
    expect(classifyUpload(file('page.html', 'text/html'))).toEqual(
      refusal('validation.file.unsupportedType'),
    );
  });

  it('refuses a file one byte over the object limit with the limit in the text, and accepts one at it', () => {
    expect(classifyUpload(file('big.png', 'image/png', MEDIA_UPLOAD.maxBytes + 1))).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        field: 'file',
        i18nKey: 'validation.file.tooLarge',
        params: { max: '100 MB' },
      },
    });
    expect(classifyUpload(file('big.png', 'image/png', MEDIA_UPLOAD.maxBytes))).toEqual({
      ok: true,
      value: 'picture',
    });
  });

  it('names active content as unsupported even when it is also too large', () => {
    expect(classifyUpload(file('page.html', 'text/html', MEDIA_UPLOAD.maxBytes + 1))).toEqual(
      refusal('validation.file.unsupportedType'),
    );
  });
});

describe('classifyUpload: the media type is read without its parameters, spaces or case', () => {
  it.each([
    ['a.png', 'image/png; name=a.png', 'picture'],
    ['a.png', 'IMAGE/PNG ; q=1', 'picture'],
    ['clip.webm', '  video/webm  ', 'video'],
    ['clip.mp4', 'Video/MP4;codecs="avc1"', 'video'],
  ] as const)('%s sent as %j goes as a %s', (name, type, kind) => {
    expect(classifyUpload(file(name, type))).toEqual({ ok: true, value: kind });
  });

  it.each(['text/html; charset=utf-8', 'TEXT/HTML ;charset=utf-8', ' image/svg+xml '])(
    'refuses active content typed %j whatever its name says',
    (type) => {
      expect(classifyUpload(file('notes.txt', type))).toEqual(refusal('validation.file.unsupportedType'));
    },
  );
});

describe('classifyUpload: every listed type and extension', () => {
  it.each(MEDIA_UPLOAD.pictureTypes)('sends %s as a picture', (type) => {
    expect(classifyUpload(file('upload', type))).toEqual({ ok: true, value: 'picture' });
  });

  it.each(MEDIA_UPLOAD.videoTypes)('sends %s as a video', (type) => {
    expect(classifyUpload(file('upload', type))).toEqual({ ok: true, value: 'video' });
  });

  it.each(MEDIA_UPLOAD.refusedTypes)('refuses the active content type %s under a harmless name', (type) => {
    expect(classifyUpload(file('upload.bin', type))).toEqual(refusal('validation.file.unsupportedType'));
  });

  it.each(MEDIA_UPLOAD.refusedExtensions)('refuses the active content extension %s, in any case', (ext) => {
    const type = 'application/octet-stream';
    expect(classifyUpload(file(`page${ext}`, type))).toEqual(refusal('validation.file.unsupportedType'));
    expect(classifyUpload(file(`PAGE${ext.toUpperCase()}`, type))).toEqual(
      refusal('validation.file.unsupportedType'),
    );
  });

  it('sends other types and names as files', () => {
    expect(classifyUpload(file('notes.txt', 'text/plain'))).toEqual({ ok: true, value: 'file' });
    expect(classifyUpload(file('photo.tiff', 'image/tiff'))).toEqual({ ok: true, value: 'file' });
    expect(classifyUpload(file('html', ''))).toEqual({ ok: true, value: 'file' });
  });

  it('reads a name that only starts with a dot as a hidden file without extension', () => {
    expect(classifyUpload(file('.svg', ''))).toEqual({ ok: true, value: 'file' });
    expect(classifyUpload(file('.html', 'application/octet-stream'))).toEqual({ ok: true, value: 'file' });
    expect(classifyUpload(file('.config.svg', ''))).toEqual(refusal('validation.file.unsupportedType'));
  });
});

describe('mediaDisplaySize', () => {
  it('shows at most 200 wide, keeps the aspect ratio and never enlarges', () => {
    expect(mediaDisplaySize(1000, 500)).toEqual({ width: 200, height: 100 });
    expect(mediaDisplaySize(120, 80)).toEqual({ width: 120, height: 80 });
    expect(mediaDisplaySize(400, 2000)).toEqual({ width: 52, height: 260 });
  });
  it('reserves a default box when the size is unknown', () => {
    expect(mediaDisplaySize(0, 0)).toEqual({ width: 200, height: 150 });
  });
});

describe('mediaDisplaySize: the reserved box', () => {
  it.each([
    [0, 100],
    [100, 0],
    [-40, 100],
    [100, -40],
    [Number.NaN, 100],
    [100, Number.NaN],
  ])('reserves the default box when either side is unknown (%s x %s)', (width, height) => {
    expect(mediaDisplaySize(width, height)).toEqual({ width: 200, height: 150 });
  });

  it('keeps a picture already within both limits as it is, however small', () => {
    expect(mediaDisplaySize(200, 260)).toEqual({ width: 200, height: 260 });
    expect(mediaDisplaySize(1, 1)).toEqual({ width: 1, height: 1 });
    expect(mediaDisplaySize(37, 19)).toEqual({ width: 37, height: 19 });
  });

  it('scales by the tighter of the two limits', () => {
    expect(mediaDisplaySize(600, 600)).toEqual({ width: 200, height: 200 });
    expect(mediaDisplaySize(300, 1300)).toEqual({ width: 60, height: 260 });
    expect(mediaDisplaySize(201, 100)).toEqual({ width: 200, height: 100 });
  });

  it('never shrinks a side below one pixel', () => {
    expect(mediaDisplaySize(10000, 2)).toEqual({ width: 200, height: 1 });
    expect(mediaDisplaySize(2, 10000)).toEqual({ width: 1, height: 260 });
  });
});

describe('file card texts', () => {
  it('formats sizes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(999)).toBe('999 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(12 * 1024 * 1024)).toBe('12 MB');
  });
  it('picks the type icon from the extension', () => {
    expect(fileCategory('Q3 report.PDF')).toBe('pdf');
    expect(fileCategory('a.tar.gz')).toBe('archive');
    expect(fileCategory('.bashrc')).toBe('other');
  });
  it('formats durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('formatFileSize: units of 1024 and their rounding', () => {
  it.each([
    [0, '0 B'],
    [-1, '0 B'],
    [-2048, '0 B'],
    [Number.NaN, '0 B'],
    [1, '1 B'],
    [999, '999 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1025, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 - 1, '10 KB'],
    [10 * 1024, '10 KB'],
    [10.5 * 1024, '11 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 ** 2, '1 MB'],
    [1.2 * 1024 ** 2, '1.2 MB'],
    [12.5 * 1024 ** 2, '13 MB'],
    [1024 ** 3, '1 GB'],
    [1.2 * 1024 ** 3, '1.2 GB'],
    [1024 ** 4, '1 TB'],
    [2.5 * 1024 ** 4, '2.5 TB'],
    [1024 ** 5, '1024 TB'],
    [3 * 1024 ** 5, '3072 TB'],
  ])('shows %s bytes as %j', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });

  it('shows bytes as a whole number', () => {
    expect(formatFileSize(2.4)).toBe('2 B');
    expect(formatFileSize(2.5)).toBe('3 B');
  });
});

describe('fileCategory: every extension of the icon table', () => {
  const table: readonly (readonly [string, FileCategory])[] = [
    ['.pdf', 'pdf'],
    ['.png', 'image'],
    ['.jpg', 'image'],
    ['.jpeg', 'image'],
    ['.gif', 'image'],
    ['.webp', 'image'],
    ['.bmp', 'image'],
    ['.mp4', 'video'],
    ['.webm', 'video'],
    ['.mov', 'video'],
    ['.mkv', 'video'],
    ['.avi', 'video'],
    ['.mp3', 'audio'],
    ['.wav', 'audio'],
    ['.ogg', 'audio'],
    ['.m4a', 'audio'],
    ['.flac', 'audio'],
    ['.zip', 'archive'],
    ['.rar', 'archive'],
    ['.7z', 'archive'],
    ['.tar', 'archive'],
    ['.gz', 'archive'],
    ['.doc', 'document'],
    ['.docx', 'document'],
    ['.odt', 'document'],
    ['.rtf', 'document'],
    ['.xls', 'spreadsheet'],
    ['.xlsx', 'spreadsheet'],
    ['.csv', 'spreadsheet'],
    ['.ods', 'spreadsheet'],
    ['.ppt', 'presentation'],
    ['.pptx', 'presentation'],
    ['.odp', 'presentation'],
    ['.json', 'code'],
    ['.ts', 'code'],
    ['.py', 'code'],
    ['.java', 'code'],
    ['.c', 'code'],
    ['.go', 'code'],
    ['.txt', 'text'],
    ['.md', 'text'],
    ['.log', 'text'],
  ];

  it.each(table)('shows a %s file with the %s icon, in any case', (ext, category) => {
    expect(fileCategory(`my file${ext}`)).toBe(category);
    expect(fileCategory(`MY.FILE${ext.toUpperCase()}`)).toBe(category);
  });

  it('shows the generic icon for other extensions, no extension and hidden files', () => {
    expect(fileCategory('setup.exe')).toBe('other');
    expect(fileCategory('README')).toBe('other');
    expect(fileCategory('.pdf')).toBe('other');
    expect(fileCategory('pdf')).toBe('other');
    expect(fileCategory('report.pdf.')).toBe('other');
  });
});
