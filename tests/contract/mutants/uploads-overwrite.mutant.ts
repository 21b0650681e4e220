import { fileUploaderContract } from '../file-uploader.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

fileUploaderContract(mutantSide('uploads-overwrite'), () =>
  Promise.resolve(
    fakeImWorld({
      uploader: (uploader) => {
        uploader.upload = async (file) => {
          await Promise.resolve();
          const url = `https://files.fake/${encodeURIComponent(file.name)}`;
          uploader.files.set(url, file);
          return url;
        };
      },
    }),
  ),
);
