import { describe, expect, it } from 'vitest';
import type { AccountCredentials, AccountGateway, AccountIdentifier, CodePurpose } from '@teamim/ui-react';
import { lazyAccountGateway } from './lazy-account';

/** An in-memory gateway that records what it was asked. */
class RecordingGateway implements AccountGateway {
  readonly calls: string[] = [];
  private readonly credentials: AccountCredentials = { userID: 'u1', imToken: 'im', chatToken: 'chat' };

  sendCode(identifier: AccountIdentifier, purpose: CodePurpose, invitationCode?: string): Promise<void> {
    this.calls.push(`sendCode ${JSON.stringify(identifier)} ${purpose} ${invitationCode ?? '-'}`);
    return Promise.resolve();
  }
  loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountCredentials> {
    this.calls.push(`loginWithPassword ${JSON.stringify(identifier)} ${password}`);
    return Promise.resolve(this.credentials);
  }
  loginWithCode(identifier: AccountIdentifier, verifyCode: string): Promise<AccountCredentials> {
    this.calls.push(`loginWithCode ${JSON.stringify(identifier)} ${verifyCode}`);
    return Promise.resolve(this.credentials);
  }
  register(input: Parameters<AccountGateway['register']>[0]): Promise<AccountCredentials> {
    this.calls.push(`register ${input.nickname} ${input.verifyCode} ${input.invitationCode ?? '-'}`);
    return Promise.resolve(this.credentials);
  }
  resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): Promise<void> {
    this.calls.push(`resetPassword ${JSON.stringify(identifier)} ${verifyCode} ${password}`);
    return Promise.reject(Object.assign(new Error('bad code'), { code: 20002 }));
  }
}

const email = { email: 'a@example.com' };

describe('lazyAccountGateway', () => {
  it('loads nothing until the first call, then loads once and forwards every call', async () => {
    const real = new RecordingGateway();
    let loads = 0;
    const gateway = lazyAccountGateway(() => {
      loads += 1;
      return Promise.resolve(real);
    });
    expect(loads).toBe(0);

    const [first, second] = await Promise.all([
      gateway.loginWithPassword(email, 'Passw0rd'),
      gateway.loginWithCode({ areaCode: '+86', phoneNumber: '13800000001' }, '123456'),
    ]);
    await gateway.sendCode(email, 'register', 'INV');
    await gateway.register({
      identifier: email,
      nickname: 'Ann',
      password: 'Passw0rd',
      verifyCode: '654321',
    });

    expect(loads).toBe(1);
    expect(first.userID).toBe('u1');
    expect(second.chatToken).toBe('chat');
    expect(real.calls).toEqual([
      'loginWithPassword {"email":"a@example.com"} Passw0rd',
      'loginWithCode {"areaCode":"+86","phoneNumber":"13800000001"} 123456',
      'sendCode {"email":"a@example.com"} register INV',
      'register Ann 654321 -',
    ]);
  });

  it("passes the real gateway's rejections through unchanged", async () => {
    const gateway = lazyAccountGateway(() => Promise.resolve(new RecordingGateway()));
    await expect(gateway.resetPassword(email, '000000', 'Passw0rd')).rejects.toMatchObject({
      message: 'bad code',
      code: 20002,
    });
  });

  it('retries the load on the next call after a failed load', async () => {
    const real = new RecordingGateway();
    let loads = 0;
    const gateway = lazyAccountGateway(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(real);
    });
    await expect(gateway.sendCode(email, 'login')).rejects.toThrow('chunk failed');
    await gateway.sendCode(email, 'login');
    expect(loads).toBe(2);
    expect(real.calls).toEqual(['sendCode {"email":"a@example.com"} login -']);
  });
});
