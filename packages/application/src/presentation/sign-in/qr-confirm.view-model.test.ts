import { describe, expect, it } from 'vitest';
import { qrCodeFromScan, qrSignInLink } from '@teamim/domain';
import { FakeClock, FakeQrSignInServer } from '../../testing';
import { QrConfirmViewModel } from './qr-confirm.view-model';

/** A waiting page's code, and the confirming devices of alice and bob. */
async function world() {
  const clock = new FakeClock();
  const server = new FakeQrSignInServer(clock);
  const code = await server.waitingPage.createCode('Chrome · Linux');
  const link = qrSignInLink('https://chat.example.com', code.code);
  const pageState = async () => (await server.waitingPage.waitForChange(code, undefined)).state;
  return { clock, server, code, link, pageState };
}

describe('QrConfirmViewModel (the confirming device)', () => {
  it('an opened link shows what asks to sign in, and confirming signs that page in', async () => {
    const { clock, server, code, pageState } = await world();
    const vm = new QrConfirmViewModel(code.code, server.confirmingDevice('alice'), clock);
    await clock.advance(0);
    expect(vm.state).toMatchObject({
      phase: 'asking',
      request: { platform: 5, deviceName: 'Chrome · Linux', createdAt: clock.now() },
      // The fake clock starts at nine in the morning UTC, five in the afternoon in China (its default zone).
      requestTime: '17:00',
    });
    expect(await pageState()).toBe('scanned');
    expect((await vm.confirm()).ok).toBe(true);
    expect(vm.state.phase).toBe('confirmed');
    expect(await pageState()).toBe('confirmed');
  });

  it('the camera ignores QR codes that are not sign-in codes, and scans one that is', async () => {
    const { clock, server, link } = await world();
    const vm = new QrConfirmViewModel(undefined, server.confirmingDevice('alice'), clock);
    expect(vm.state.phase).toBe('camera');
    expect((await vm.decoded('https://example.com/menu')).ok).toBe(false);
    expect(vm.state).toMatchObject({ phase: 'camera', notASignInCode: true });
    expect((await vm.decoded(link)).ok).toBe(true);
    await clock.advance(0);
    expect(vm.state).toMatchObject({ phase: 'asking', notASignInCode: false });
  });

  it('declining tells the waiting page and spends the code', async () => {
    const { clock, server, code, pageState } = await world();
    const vm = new QrConfirmViewModel(code.code, server.confirmingDevice('alice'), clock);
    await Promise.resolve();
    await Promise.resolve();
    expect(vm.state.phase).toBe('asking');
    expect((await vm.cancel()).ok).toBe(true);
    expect(vm.state.phase).toBe('cancelled');
    expect(await pageState()).toBe('cancelled');
    expect((await vm.confirm()).ok).toBe(false);
  });

  it("someone else's code is refused in our words", async () => {
    const { clock, server, link } = await world();
    const alice = new QrConfirmViewModel(undefined, server.confirmingDevice('alice'), clock);
    await alice.decoded(link);
    const bob = new QrConfirmViewModel(undefined, server.confirmingDevice('bob'), clock);
    const refused = await bob.decoded(link);
    expect(refused.ok).toBe(false);
    expect(bob.state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'i18n', i18nKey: 'error.qr.taken' },
    });
    expect((await bob.confirm()).ok).toBe(false);
  });

  it('an expired or used code is refused, and the camera can look again', async () => {
    const { clock, server, link } = await world();
    await clock.advance(120_000);
    const vm = new QrConfirmViewModel(undefined, server.confirmingDevice('alice'), clock);
    await vm.decoded(link);
    expect(vm.state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'i18n', i18nKey: 'error.qr.expired' },
    });
    vm.scanAgain();
    expect(vm.state).toMatchObject({ phase: 'camera', failure: undefined, request: undefined });
    expect(qrCodeFromScan(link)).toBeDefined();
  });
});
