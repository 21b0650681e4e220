import type { QrConfirmApi, QrSignInApi } from '@teamim/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, type PersonName } from './worlds';

export interface QrSignInWorld {
  readonly waitingPage: QrSignInApi;
  /** The confirming device of a demo person, with that person's own token. */
  confirmingDevice(person: PersonName): QrConfirmApi;
  close(): Promise<void>;
}

async function codeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (e: unknown) {
    if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'number') return e.code;
    throw e;
  }
  throw new Error('expected the call to be refused');
}

/** Sign-in by QR code as the local server answers it (docs/server.md); the fake must answer the same. */
export function qrSignInContract(name: string, start: () => Promise<QrSignInWorld>): void {
  describe(`QrSignInApi and QrConfirmApi contract: ${name}`, () => {
    let world: QrSignInWorld;
    beforeAll(async () => {
      world = await start();
    });
    afterAll(async () => {
      await world.close();
    });

    it('a code waits, is scanned by alice, confirmed, and hands her session over once', async () => {
      const page = world.waitingPage;
      const alice = world.confirmingDevice('alice');
      await page.probe();
      const code = await page.createCode('Chrome · Linux');
      expect(code.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(await page.waitForChange(code, undefined)).toMatchObject({
        state: 'waiting',
        scanner: undefined,
      });
      const request = await alice.scan(code.code);
      expect(request).toMatchObject({ deviceName: 'Chrome · Linux', expiresAt: code.expiresAt });
      const scanned = await page.waitForChange(code, 'waiting');
      expect(scanned.state).toBe('scanned');
      expect(scanned.scanner?.userID).toBe(PEOPLE.alice.userID);
      await alice.confirm(code.code);
      const confirmed = await page.waitForChange(code, 'scanned');
      expect(confirmed.state).toBe('confirmed');
      expect(confirmed.session?.userID).toBe(PEOPLE.alice.userID);
      expect(confirmed.session?.imToken).not.toBe('');
      expect(await codeOf(page.waitForChange(code, undefined))).toBe(20301);
      expect(await codeOf(alice.scan(code.code))).toBe(20301);
    });

    it('bob may not confirm or cancel a code alice scanned, nor scan it again', async () => {
      const code = await world.waitingPage.createCode('');
      await world.confirmingDevice('alice').scan(code.code);
      const bob = world.confirmingDevice('bob');
      expect(await codeOf(bob.scan(code.code))).toBe(20303);
      expect(await codeOf(bob.confirm(code.code))).toBe(20303);
      expect(await codeOf(bob.cancel(code.code))).toBe(20303);
    });

    it('a declined code tells the page, and a code is confirmed only after a scan', async () => {
      const page = world.waitingPage;
      const carol = world.confirmingDevice('carol');
      const code = await page.createCode('');
      expect(await codeOf(carol.confirm(code.code))).toBe(1002);
      await carol.scan(code.code);
      await carol.cancel(code.code);
      expect((await page.waitForChange(code, 'scanned')).state).toBe('cancelled');
    });

    it('the wrong secret learns nothing', async () => {
      const page = world.waitingPage;
      const code = await page.createCode('');
      const other = await page.createCode('');
      expect(await codeOf(page.waitForChange({ ...code, secret: other.secret }, undefined))).toBe(1002);
    });
  });
}
