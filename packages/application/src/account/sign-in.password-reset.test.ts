import { describe, expect, it } from 'vitest';
import { CodeUsage } from '../ports/account-api.port';
import { hasStoredCredentials, TestWorld } from '../testing';

const ALICE = { email: 'alice@example.com' } as const;

describe('a password reset and the sessions already signed in', () => {
  it('a reset on one device leaves the session of another as the server leaves it; the client ends none', async () => {
    // chat 1.8.4 keeps a user's chat tokens after /account/password/reset (only a change drops them), and
    // the fakes answer the same: the client must neither expect the other session to end nor end it.
    const world = new TestWorld().accounts({
      userID: 'alice',
      nickname: 'Alice',
      password: 'Secret123',
      email: ALICE.email,
    });
    const laptop = world.client();
    const signedIn = await laptop.account.signIn({
      identifier: ALICE,
      credential: 'password',
      password: 'Secret123',
    });
    expect(signedIn.ok).toBe(true);
    const ended: string[] = [];
    laptop.session.signedOut$.subscribe((reason) => ended.push(String(reason)));

    const phone = world.client();
    expect((await phone.account.sendCode(ALICE, CodeUsage.ResetPassword)).ok).toBe(true);
    const code = world.backend.accounts.lastCode(ALICE) ?? '';
    const reset = await phone.account.resetPassword({
      identifier: ALICE,
      verifyCode: code,
      password: 'Fresh456',
      confirmPassword: 'Fresh456',
    });
    expect(reset.ok).toBe(true);
    await world.settle();

    expect(ended).toEqual([]);
    expect(hasStoredCredentials(laptop)).toBe(true);
    expect((await laptop.ports.chatApi.findUsers(['alice'])).map((u) => u.userID)).toEqual(['alice']);
    // The device that reset signs in with the new password, like any other.
    expect(hasStoredCredentials(phone)).toBe(false);
    const fresh = await phone.account.signIn({
      identifier: ALICE,
      credential: 'password',
      password: 'Fresh456',
    });
    expect(fresh.ok).toBe(true);
  });
});
