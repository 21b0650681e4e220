import { FileUploader, type PickedFile } from '../ports/file-processor.port';
import { RemoteError } from '../shared/remote-error';

export class FakeFileUploader extends FileUploader {
  failWith: number | undefined;
  readonly uploaded: PickedFile[] = [];
  /** What each returned URL serves. */
  readonly files = new Map<string, PickedFile>();
  /** Stored fractions reported before the last one (1), each after a turn of the event loop. */
  progressSteps: readonly number[] = [0.5];
  async upload(file: PickedFile, onProgress?: (fraction: number) => void): Promise<string> {
    await Promise.resolve();
    if (this.failWith !== undefined) {
      throw new RemoteError(this.failWith, 'upload failed');
    }
    for (const step of this.progressSteps) {
      onProgress?.(step);
      await Promise.resolve();
    }
    onProgress?.(1);
    this.uploaded.push(file);
    const url = `https://files.fake/${this.uploaded.length}/${encodeURIComponent(file.name)}`;
    this.files.set(url, file);
    return url;
  }
}
