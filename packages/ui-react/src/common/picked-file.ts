import type { PickedFile } from '@teamim/application';

/** The image types an avatar may be (spec §5); the application checks them again. */
export const AVATAR_ACCEPT = '.jpeg,.jpg,.png,.webp,image/jpeg,image/png,image/webp';

/** A file from an `<input type="file">` as the application sees it; only adapters look at `handle`. */
export function pickedFile(file: File): PickedFile {
  return { name: file.name, mimeType: file.type, size: file.size, handle: file };
}
