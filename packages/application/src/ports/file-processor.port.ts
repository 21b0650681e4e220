/** A file picked by the user, opaque to the application (a Blob/File in the browser). */
export interface PickedFile {
  readonly name: string;
  readonly mimeType: string;
  readonly size: number;
  /** The platform object (Blob, path…); only adapters look inside. */
  readonly handle: unknown;
}

export interface ImageResizeOptions {
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly format: 'webp';
  readonly quality: number;
}

/** Image processing. `resizeImage` rejects with RemoteError when the image cannot be decoded. */
export abstract class FileProcessor {
  abstract resizeImage(file: PickedFile, options: ImageResizeOptions): Promise<PickedFile>;
}

/**
 * File upload to object storage; resolves with the public url. Rejects with RemoteError. `onProgress`
 * hears the stored fraction (0 to 1, never decreasing) as the storage reports it, 1 before resolving.
 */
export abstract class FileUploader {
  abstract upload(file: PickedFile, onProgress?: (fraction: number) => void): Promise<string>;
}
