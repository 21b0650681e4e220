import type { FileUploader, PickedFile } from '../../ports/file-processor.port';

/** What a file-uploader contract run needs: an uploader, and a file it accepts. */
export interface FileUploaderContractEnvironment {
  readonly uploader: FileUploader;
  readonly file: PickedFile;
}

export interface FileUploaderContractCase {
  readonly name: string;
  run(env: FileUploaderContractEnvironment): Promise<void>;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`contract violated: ${message}`);
}

/**
 * The upload progress the views rely on (About's log upload, spec §5): fractions from 0 to 1 that never
 * go back, the last one 1, all heard before the upload resolves; and an upload without a listener.
 */
export const fileUploaderContract: readonly FileUploaderContractCase[] = [
  {
    name: 'reports progress from 0 to 1, never backwards, finishing before it resolves',
    async run({ uploader, file }) {
      const fractions: number[] = [];
      const url = await uploader.upload(file, (fraction) => fractions.push(fraction));
      check(url.length > 0, 'resolves with a URL');
      check(fractions.length > 0, 'reports progress');
      check(
        fractions.every((fraction) => fraction >= 0 && fraction <= 1),
        `fractions within 0..1: ${fractions.join()}`,
      );
      check(
        fractions.every((fraction, i) => i === 0 || fraction >= (fractions[i - 1] ?? 0)),
        `fractions never decrease: ${fractions.join()}`,
      );
      check(fractions.at(-1) === 1, `the last fraction is 1: ${fractions.join()}`);
      const count = fractions.length;
      await Promise.resolve();
      check(fractions.length === count, 'nothing is reported after it resolved');
    },
  },
  {
    name: 'uploads without a progress listener',
    async run({ uploader, file }) {
      check((await uploader.upload(file)).length > 0, 'resolves with a URL');
    },
  },
];
