import { describe, expect, it } from 'vitest';
import { FakeFileUploader } from '../fake-file-uploader';
import { fileUploaderContract } from './file-uploader.contract';

const file = { name: 'log.txt', mimeType: 'text/plain', size: 3, handle: 'abc' };

describe('FakeFileUploader keeps the file-uploader contract', () => {
  for (const contractCase of fileUploaderContract) {
    it(contractCase.name, async () => {
      await contractCase.run({ uploader: new FakeFileUploader(), file });
    });
  }

  it('is caught when progress goes backwards or stops short of 1', async () => {
    const [progress] = fileUploaderContract;
    const backwards = new FakeFileUploader();
    backwards.progressSteps = [0.6, 0.3];
    await expect(progress?.run({ uploader: backwards, file })).rejects.toThrow(/never decrease/);
    const silent = new (class extends FakeFileUploader {
      override upload(picked: typeof file): Promise<string> {
        return super.upload(picked);
      }
    })();
    await expect(progress?.run({ uploader: silent, file })).rejects.toThrow(/reports progress/);
  });
});
