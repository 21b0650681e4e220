import { fileUploaderContract } from './file-uploader.contract';
import { fakeImWorld } from './im-worlds';

fileUploaderContract('in-memory (FakeFileUploader)', () => Promise.resolve(fakeImWorld()));
