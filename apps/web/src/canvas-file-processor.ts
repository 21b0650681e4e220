import { FileProcessor, RemoteError, type ImageResizeOptions, type PickedFile } from '@teamim/application';

/** Code for "this image cannot be decoded or encoded"; negative so it never collides with server codes. */
const IMAGE_PROCESSING_FAILED = -2002;

/** The size that fits `width`x`height` inside the box, keeping the aspect ratio and never enlarging. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { readonly width: number; readonly height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The browser APIs the processor uses, injectable so the sizing and naming are testable without a GPU. */
export interface CanvasEnvironment {
  decode(blob: Blob): Promise<{ readonly width: number; readonly height: number; close?(): void }>;
  /** Draws the decoded image at `width`x`height` and encodes it (`type`, quality 0..1). */
  encode(image: unknown, width: number, height: number, type: string, quality: number): Promise<Blob | null>;
}

const browserCanvas: CanvasEnvironment = {
  decode: (blob) => createImageBitmap(blob),
  async encode(image, width, height, type, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (context === null) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image as CanvasImageSource, 0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
  },
};

/**
 * Spec §5 avatar upload in the browser: decodes the picked image, scales it to fit the box (at most
 * 400x400 for avatars) and encodes it as webp at the requested quality (90). A browser that cannot
 * encode webp answers png from toBlob; that is refused rather than uploaded under a webp name.
 */
export class CanvasFileProcessor extends FileProcessor {
  constructor(private readonly canvas: CanvasEnvironment = browserCanvas) {
    super();
  }

  async resizeImage(file: PickedFile, options: ImageResizeOptions): Promise<PickedFile> {
    if (!(file.handle instanceof Blob)) {
      throw new RemoteError(IMAGE_PROCESSING_FAILED, 'not a browser file');
    }
    let image: Awaited<ReturnType<CanvasEnvironment['decode']>>;
    try {
      image = await this.canvas.decode(file.handle);
    } catch {
      throw new RemoteError(IMAGE_PROCESSING_FAILED, 'the image cannot be decoded');
    }
    const type = `image/${options.format}`;
    try {
      const size = fitWithin(image.width, image.height, options.maxWidth, options.maxHeight);
      const blob = await this.canvas.encode(image, size.width, size.height, type, options.quality / 100);
      if (blob === null || blob.type !== type) {
        throw new RemoteError(IMAGE_PROCESSING_FAILED, `the browser cannot encode ${type}`);
      }
      const name = `${file.name.replace(/\.[^./\\]*$/u, '') || 'image'}.${options.format}`;
      return { name, mimeType: type, size: blob.size, handle: new File([blob], name, { type }) };
    } finally {
      image.close?.();
    }
  }
}
