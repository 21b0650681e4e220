import { err, ok } from '../result';
import { validationError } from '../errors/domain-errors';
import type { SelectedFile, Validated } from './validation';

/**
 * §2 composer uploads, §5 files. Pictures and videos of the types every browser shows become picture
 * and video messages; other files go as files. Active content (HTML, SVG, XML, scripts) is refused: the
 * server would refuse it anyway, because a browser runs it in the app's origin when opened.
 */
export const MEDIA_UPLOAD = {
  /** The server's default object limit (apps/server objects/limits.ts). */
  maxBytes: 100 * 1024 * 1024,
  /** Files sent at once from one pick, paste or drop (§5: exceeding a selection limit is an error). */
  maxSelection: 9,
  /** Spec constants: image max display width. */
  maxDisplayWidth: 200,
  /** Keeps tall pictures from filling the list; not in the spec. */
  maxDisplayHeight: 260,
  pictureTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'],
  videoTypes: ['video/mp4', 'video/webm'],
  refusedTypes: [
    'text/html',
    'application/xhtml+xml',
    'image/svg+xml',
    'text/xml',
    'application/xml',
    'text/xsl',
    'text/javascript',
    'application/javascript',
    'application/x-javascript',
    'application/ecmascript',
    'text/ecmascript',
  ],
  refusedExtensions: ['.html', '.htm', '.xhtml', '.shtml', '.svg', '.svgz', '.xml', '.xsl', '.js', '.mjs'],
} as const;

export type MediaKind = 'picture' | 'video' | 'file';

export interface UploadCandidate extends SelectedFile {
  readonly size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

function essence(type: string): string {
  const parameters = type.indexOf(';');
  return (parameters === -1 ? type : type.slice(0, parameters)).trim().toLowerCase();
}

/** The message kind a picked or dropped file goes as, or the §5 error that refuses it. */
export function classifyUpload(file: UploadCandidate): Validated<MediaKind> {
  if (file.isDirectory === true) return err(validationError('file', 'validation.file.folder'));
  const type = essence(file.type);
  const refused: readonly string[] = MEDIA_UPLOAD.refusedTypes;
  const refusedExt: readonly string[] = MEDIA_UPLOAD.refusedExtensions;
  if (refused.includes(type) || refusedExt.includes(extensionOf(file.name))) {
    return err(validationError('file', 'validation.file.unsupportedType'));
  }
  if (file.size > MEDIA_UPLOAD.maxBytes) {
    return err(
      validationError('file', 'validation.file.tooLarge', { max: formatFileSize(MEDIA_UPLOAD.maxBytes) }),
    );
  }
  if ((MEDIA_UPLOAD.pictureTypes as readonly string[]).includes(type)) return ok('picture');
  if ((MEDIA_UPLOAD.videoTypes as readonly string[]).includes(type)) return ok('video');
  return ok('file');
}

/**
 * The size a picture or video poster shows at: at most 200 wide (spec) and 260 high, aspect kept,
 * never enlarged. Known before the picture loads, so the list does not jump.
 */
export function mediaDisplaySize(
  width: number,
  height: number,
): { readonly width: number; readonly height: number } {
  if (!(width > 0) || !(height > 0)) return { width: MEDIA_UPLOAD.maxDisplayWidth, height: 150 };
  const scale = Math.min(1, MEDIA_UPLOAD.maxDisplayWidth / width, MEDIA_UPLOAD.maxDisplayHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes as a short size: "0 B", "999 B", "1.5 KB", "12 MB", "1.2 GB" (1 KB = 1024 B). */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return '0 B';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 'KB';
  for (const larger of ['MB', 'GB', 'TB']) {
    if (value < 1024) break;
    value /= 1024;
    unit = larger;
  }
  const shown = value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${unit}`;
}

export type FileCategory =
  | 'pdf'
  | 'image'
  | 'video'
  | 'audio'
  | 'archive'
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'code'
  | 'text'
  | 'other';

const CATEGORY_BY_EXTENSION: Readonly<Record<string, FileCategory>> = {
  '.pdf': 'pdf',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
  '.bmp': 'image',
  '.mp4': 'video',
  '.webm': 'video',
  '.mov': 'video',
  '.mkv': 'video',
  '.avi': 'video',
  '.mp3': 'audio',
  '.wav': 'audio',
  '.ogg': 'audio',
  '.m4a': 'audio',
  '.flac': 'audio',
  '.zip': 'archive',
  '.rar': 'archive',
  '.7z': 'archive',
  '.tar': 'archive',
  '.gz': 'archive',
  '.doc': 'document',
  '.docx': 'document',
  '.odt': 'document',
  '.rtf': 'document',
  '.xls': 'spreadsheet',
  '.xlsx': 'spreadsheet',
  '.csv': 'spreadsheet',
  '.ods': 'spreadsheet',
  '.ppt': 'presentation',
  '.pptx': 'presentation',
  '.odp': 'presentation',
  '.json': 'code',
  '.ts': 'code',
  '.py': 'code',
  '.java': 'code',
  '.c': 'code',
  '.go': 'code',
  '.txt': 'text',
  '.md': 'text',
  '.log': 'text',
};

/** Which type icon a file card shows, from the file name's extension. */
export function fileCategory(name: string): FileCategory {
  return CATEGORY_BY_EXTENSION[extensionOf(name)] ?? 'other';
}

/** Duration in seconds as m:ss (or h:mm:ss). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = (total % 60).toString().padStart(2, '0');
  return h > 0 ? `${h}:${m.toString().padStart(2, '0')}:${s}` : `${m}:${s}`;
}
