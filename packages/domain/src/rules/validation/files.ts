import { AVATAR_UPLOAD } from '../../constants';
import { validationError } from '../../errors/domain-errors';
import { err, ok } from '../../result';
import type { Validated } from './validated';

export interface SelectedFile {
  readonly name: string;
  /** MIME type as the platform reports it (may be empty). */
  readonly type: string;
  readonly isDirectory?: boolean;
}

export interface FileAcceptance {
  readonly mimeTypes: readonly string[];
  readonly extensions: readonly string[];
}

/** Whether the name ends in a listed extension; a name starting with its only dot has none. */
function hasExtension(name: string, extensions: readonly string[]): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && extensions.includes(name.slice(dot).toLowerCase());
}

/**
 * §5 Files: a folder is rejected, and so is a type outside `accept` (when given). A file is
 * accepted when its MIME type or its extension is listed.
 */
export function validateSelectedFile(file: SelectedFile, accept?: FileAcceptance): Validated<SelectedFile> {
  if (file.isDirectory === true) return err(validationError('file', 'validation.file.folder'));
  if (accept !== undefined) {
    const mimeOk = file.type !== '' && accept.mimeTypes.includes(file.type.toLowerCase());
    const extOk = hasExtension(file.name, accept.extensions);
    if (!mimeOk && !extOk) return err(validationError('file', 'validation.file.unsupportedType'));
  }
  return ok(file);
}

/** §5 Files: exceeding a selection limit is an error. */
export function validateSelectionLimit(count: number, max: number): Validated<number> {
  return count > max ? err(validationError('file', 'validation.file.selectionLimit', { max })) : ok(count);
}

/** §5 Avatar upload: images only (.jpeg, .png, .webp). */
export function validateAvatarFile(file: SelectedFile): Validated<SelectedFile> {
  const checked = validateSelectedFile(file, {
    mimeTypes: AVATAR_UPLOAD.acceptedMimeTypes,
    extensions: AVATAR_UPLOAD.acceptedExtensions,
  });
  return checked.ok ? checked : err(validationError('avatar', 'validation.avatar.unsupportedType'));
}

/** §5 Avatar upload: the size to resize to, at most 400x400, keeping the aspect ratio, never enlarging. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number = AVATAR_UPLOAD.maxWidth,
  maxHeight: number = AVATAR_UPLOAD.maxHeight,
): { readonly width: number; readonly height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
