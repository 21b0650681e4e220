import { CodeUsage, RemoteError, type AccountApi, type AccountIdentifier } from '@teamim/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PEOPLE, type PersonName } from './worlds';

/** A backend with the demo people (password {@link DEMO_PASSWORD}, phones +86 138000000{1,2,3}). */
export interface AccountWorld {
  readonly accounts: AccountApi;
  /** The newest code the backend sent to `identifier` (the dev-mode log of the real server). */
  lastCode(identifier: AccountIdentifier): Promise<string>;
  close(): Promise<void>;
}

async function codeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (e: unknown) {
    expect(e).toBeInstanceOf(RemoteError);
    return (e as RemoteError).code;
  }
  throw new Error('expected the call to be rejected');
}

const email = (person: PersonName): AccountIdentifier => ({ email: PEOPLE[person].email });
const phone = (person: PersonName): AccountIdentifier => ({
  areaCode: '+86',
  phoneNumber: PEOPLE[person].phoneNumber,
});

/**
 * The AccountApi contract (spec §7 account calls, §8 codes 20001-20014), run against the in-memory
 * adapter and the HTTP adapter over the local server. One backend per suite: every case uses its own
 * identifiers, so the per-account limits of one case do not reach another.
 */
export function accountApiContract(side: string, makeWorld: () => Promise<AccountWorld>): void {
  describe(`AccountApi contract: ${side}`, () => {
    let world: AccountWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(async () => {
      await world.close();
    });

    it('§7 logs in by e-mail (any case) and by phone with the password, giving both tokens', async () => {
      const byEmail = await world.accounts.loginWithPassword({ email: 'Alice@Example.com' }, DEMO_PASSWORD);
      const byPhone = await world.accounts.loginWithPassword(phone('bob'), DEMO_PASSWORD);
      expect(byEmail.userID).toBe(PEOPLE.alice.userID);
      expect(byPhone.userID).toBe(PEOPLE.bob.userID);
      for (const session of [byEmail, byPhone]) {
        expect(session.imToken).not.toBe('');
        expect(session.chatToken).not.toBe('');
      }
    });

    it('§8 20001 wrong password, 20002 unknown account', async () => {
      expect(await codeOf(world.accounts.loginWithPassword(email('carol'), 'Wrong1234'))).toBe(20001);
      expect(
        await codeOf(world.accounts.loginWithPassword({ email: 'nobody@example.com' }, DEMO_PASSWORD)),
      ).toBe(20002);
      expect(await codeOf(world.accounts.sendCode({ email: 'nobody@example.com' }, CodeUsage.Login))).toBe(
        20002,
      );
      expect(
        await codeOf(
          world.accounts.sendCode({ areaCode: '+86', phoneNumber: '13911111111' }, CodeUsage.ResetPassword),
        ),
      ).toBe(20002);
    });

    it('§8 20003/20014: taken identifiers get no register code', async () => {
      expect(await codeOf(world.accounts.sendCode(phone('alice'), CodeUsage.Register))).toBe(20003);
      expect(await codeOf(world.accounts.sendCode(email('alice'), CodeUsage.Register))).toBe(20014);
    });

    it('§7 registers with the sent code (checked first, still usable), then logs in; the e-mail is then taken', async () => {
      const identifier = { email: 'contract.new@example.com' };
      await world.accounts.sendCode(identifier, CodeUsage.Register);
      const code = await world.lastCode(identifier);
      expect(code).toMatch(/^[0-9]{6}$/);
      await world.accounts.verifyCode(identifier, CodeUsage.Register, code);

      const session = await world.accounts.register({
        identifier,
        nickname: 'Newcomer',
        password: 'Passw0rd1',
        verifyCode: code,
      });

      expect(session.imToken).not.toBe('');
      expect(session.chatToken).not.toBe('');
      const again = await world.accounts.loginWithPassword(identifier, 'Passw0rd1');
      expect(again.userID).toBe(session.userID);
      expect(
        await codeOf(
          world.accounts.register({ identifier, nickname: 'Twice', password: 'Passw0rd1', verifyCode: code }),
        ),
      ).toBe(20014);
    });

    it('§8 a wrong code is 20006; a second send within a minute is 20005', async () => {
      const identifier = { areaCode: '+86', phoneNumber: '13922222222' };
      await world.accounts.sendCode(identifier, CodeUsage.Register);
      const code = await world.lastCode(identifier);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await codeOf(world.accounts.verifyCode(identifier, CodeUsage.Register, wrong))).toBe(20006);
      expect(
        await codeOf(
          world.accounts.register({
            identifier,
            nickname: 'Wrong',
            password: 'Passw0rd1',
            verifyCode: wrong,
          }),
        ),
      ).toBe(20006);
      expect(await codeOf(world.accounts.sendCode(identifier, CodeUsage.Register))).toBe(20005);
    });

    it('§7 logs in with a login code, which is then used up (20009)', async () => {
      await world.accounts.sendCode(email('bob'), CodeUsage.Login);
      const code = await world.lastCode(email('bob'));
      const session = await world.accounts.loginWithCode(email('bob'), code);
      expect(session.userID).toBe(PEOPLE.bob.userID);
      expect(await codeOf(world.accounts.loginWithCode(email('bob'), code))).toBe(20009);
    });

    it('§7 resets the password with a code: the new one logs in, the old one is 20001', async () => {
      await world.accounts.sendCode(phone('carol'), CodeUsage.ResetPassword);
      await world.accounts.resetPassword(phone('carol'), await world.lastCode(phone('carol')), 'Fresh1234');
      const session = await world.accounts.loginWithPassword(email('carol'), 'Fresh1234');
      expect(session.userID).toBe(PEOPLE.carol.userID);
      expect(await codeOf(world.accounts.loginWithPassword(phone('carol'), DEMO_PASSWORD))).toBe(20001);
    });
  });
}
