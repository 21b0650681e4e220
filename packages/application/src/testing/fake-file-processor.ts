import { FileProcessor, type ImageResizeOptions, type PickedFile } from '../ports/file-processor.port';
import { RemoteError } from '../shared/remote-error';

/** Records resize requests; the result keeps the name and switches the type to webp. */
export class FakeFileProcessor extends FileProcessor {
  readonly requests: { file: PickedFile; options: ImageResizeOptions }[] = [];
  async resizeImage(file: PickedFile, options: ImageResizeOptions): Promise<PickedFile> {
    await Promise.resolve();
    this.requests.push({ file, options });
    if (!file.mimeType.startsWith('image/')) {
      throw new RemoteError(-1, 'not an image');
    }
    return {
      name: file.name.replace(/\.[^.]+$/, '.webp'),
      mimeType: 'image/webp',
      size: Math.min(file.size, 50_000),
      handle: file.handle,
    };
  }
}
