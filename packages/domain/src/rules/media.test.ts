import { describe, expect, it } from 'vitest';
import {
  classifyUpload,
  fileCategory,
  formatDuration,
  formatFileSize,
  mediaDisplaySize,
  MEDIA_UPLOAD,
} from './media';

const file = (name: string, type: string, size = 10, isDirectory?: boolean) =>
  isDirectory === undefined ? { name, type, size } : { name, type, size, isDirectory };

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
