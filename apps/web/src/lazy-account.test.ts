import { describe, expect, it } from 'vitest';
import { CodeUsage, RemoteError } from '@teamim/application';
import { FakeAccountApi, TestWorld } from '@teamim/application/testing';
import { LazyAccountApi } from './lazy-account';

const ALICE = { userID: 'alice', password: 'Passw0rd', email: 'a@example.com' };

function world(): TestWorld {
  return new TestWorld().accounts(ALICE);
}

describe('LazyAccountApi', () => {
  it('loads nothing until the first call, then loads once and forwards every call', async () => {
    const w = world();
    const real = new FakeAccountApi(w.backend.accounts);
    let loads = 0;
    const api = new LazyAccountApi(() => {
      loads += 1;
      return Promise.resolve(real);
    });
    expect(loads).toBe(0);

    const email = { email: ALICE.email };
    const [first] = await Promise.all([
      api.loginWithPassword(email, ALICE.password),
      api.sendCode(email, CodeUsage.Login),
    ]);
    const code = w.backend.accounts.lastCode(email) ?? '';
    await api.verifyCode(email, CodeUsage.Login, code);
    const second = await api.loginWithCode(email, code);
    await api.sendCode({ email: 'new@example.com' }, CodeUsage.Register);
    const registered = await api.register({
      identifier: { email: 'new@example.com' },
      nickname: 'Ann',
      password: 'Passw0rd',
      verifyCode: w.backend.accounts.lastCode({ email: 'new@example.com' }) ?? '',
    });

    expect(loads).toBe(1);
    expect(first.userID).toBe('alice');
    expect(second.userID).toBe('alice');
    expect(registered.userID).not.toBe('alice');
    expect(real.calls).toBe(6);
  });

  it("passes the real API's rejections through unchanged", async () => {
    const w = world();
    const api = new LazyAccountApi(() => Promise.resolve(new FakeAccountApi(w.backend.accounts)));
    const refused = api.resetPassword({ email: 'nobody@example.com' }, '000000', 'Passw0rd');
    await expect(refused).rejects.toBeInstanceOf(RemoteError);
    await expect(refused).rejects.toMatchObject({ code: 20002 });
  });

  it('retries the load on the next call after a failed load', async () => {
    const w = world();
    const real = new FakeAccountApi(w.backend.accounts);
    let loads = 0;
    const api = new LazyAccountApi(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(real);
    });
    await expect(api.sendCode({ email: ALICE.email }, CodeUsage.Login)).rejects.toThrow('chunk failed');
    await api.sendCode({ email: ALICE.email }, CodeUsage.Login);
    expect(loads).toBe(2);
    expect(real.calls).toBe(1);
  });
});
