import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

export const UPLOAD_CASES = {
  roundTrip: 'an uploaded file is served at the returned URL with the same bytes',
  distinct: 'two uploads with the same file name get different URLs and keep their own bytes',
} as const;

function picked(name: string, mimeType: string, bytes: Uint8Array<ArrayBuffer>) {
  const file = new File([bytes], name, { type: mimeType });
  return { name, mimeType, size: bytes.length, handle: file };
}

/**
 * FileUploader contract: what the application relies on when it uploads a group avatar or an
 * attachment — the URL it gets back serves exactly the uploaded bytes, and no upload replaces another.
 */
export function fileUploaderContract(side: string, makeWorld: MakeWorld): void {
  describe(`FileUploader contract: ${side}`, () => {
    let world: ImWorld;
    let user: SignedIn;

    beforeAll(async () => {
      world = await makeWorld();
      user = await world.signIn('uploader');
    });
    afterAll(async () => {
      await world.close();
    });

    it(UPLOAD_CASES.roundTrip, async () => {
      const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 251);
      const url = await user.fileUploader.upload(picked('team photo.png', 'image/png', bytes));
      expect(url).toMatch(/^https?:\/\//);
      expect(await world.download(url)).toEqual(bytes);
    });

    it(UPLOAD_CASES.distinct, async () => {
      const first = new Uint8Array([1, 2, 3]);
      const second = new Uint8Array([4, 5, 6, 7]);
      const a = await user.fileUploader.upload(picked('avatar.png', 'image/png', first));
      const b = await user.fileUploader.upload(picked('avatar.png', 'image/png', second));
      expect(a).not.toBe(b);
      expect(await world.download(a)).toEqual(first);
      expect(await world.download(b)).toEqual(second);
    });
  });
}
