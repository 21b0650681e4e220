import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, qrCodeFromScan } from '@teamim/domain';
import { QrSignInAvailabilityStore } from '../../account/qr-sign-in-availability.store';
import { DeferredSessionStart } from '../../account/sign-in.service';
import type { FakeClock } from '../../testing';
import { FakeQrSignInServer, InMemorySessionStore, TestWorld } from '../../testing';
import { MISSING_ROUTE_CODE } from '../../shared/remote-error';
import { QrSignInViewModel } from './qr-sign-in.view-model';

/** The web root's wiring of the QR tab, and bob's signed-in device that scans. */
function page(setUp: (server: FakeQrSignInServer) => void = () => undefined) {
  const world = new TestWorld();
  const clock: FakeClock = world.clock;
  const server = new FakeQrSignInServer(clock).addUser({
    userID: 'bob',
    nickname: 'Bob',
    faceURL: 'https://x/b.png',
  });
  setUp(server);
  const sessionStore = new InMemorySessionStore();
  const availability = new QrSignInAvailabilityStore(server.waitingPage);
  const vm = new QrSignInViewModel({
    api: server.waitingPage,
    session: new DeferredSessionStart(sessionStore),
    clock,
    availability,
    appBaseUrl: 'https://chat.example.com/',
    deviceName: 'Chrome · Linux',
  });
  const bob = server.confirmingDevice('bob');
  const code = () => qrCodeFromScan(vm.state.link ?? '') ?? '';
  return { clock, server, sessionStore, vm, bob, code };
}

describe('QrSignInViewModel (the waiting page)', () => {
  it('offers the QR tab only on deployments that have the calls', async () => {
    const local = page();
    await local.clock.advance(0);
    expect(local.vm.state.offered).toBe(true);
    const real = page((server) => {
      server.available = false;
    });
    expect(real.vm.state.offered).toBe(false);
    await real.clock.advance(0);
    expect(real.vm.state.offered).toBe(false);
  });

  it('shows a code, then who scanned it, then signs in as that account once it is confirmed', async () => {
    const { clock, vm, bob, code, sessionStore } = page();
    vm.start();
    await clock.advance(0);
    expect(vm.state).toMatchObject({ phase: 'waiting', scanner: undefined, signedIn: false });
    expect(vm.state.link).toMatch(/^https:\/\/chat\.example\.com\/link-device#code=/);

    await bob.scan(code());
    await clock.advance(0);
    expect(vm.state).toMatchObject({
      phase: 'scanned',
      scanner: { nickname: 'Bob', faceURL: 'https://x/b.png' },
    });

    await bob.confirm(code());
    await clock.advance(0);
    expect(vm.state.signedIn).toBe(true);
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe('bob');
    expect(sessionStore.get(STORAGE_KEYS.session.imToken)).toMatch(/^im-bob-/);
  });

  it('renews the code before it expires, a few times, then waits for a click', async () => {
    const { clock, vm, server } = page();
    vm.start();
    await clock.advance(0);
    const first = vm.state.link;
    await clock.advance(104_000);
    expect(vm.state.link).toBe(first);
    await clock.advance(1_000);
    expect(server.created).toHaveLength(2);
    expect(vm.state).toMatchObject({ phase: 'waiting' });
    expect(vm.state.link).not.toBe(first);

    await clock.advance(4 * 105_000);
    expect(server.created).toHaveLength(5);
    await clock.advance(15_000);
    expect(vm.state).toMatchObject({ phase: 'expired', link: undefined });

    await vm.refresh();
    await clock.advance(0);
    expect(vm.state.phase).toBe('waiting');
    expect(server.created).toHaveLength(6);
  });

  it('does not renew a code someone scanned; it expires, and a click makes a new one', async () => {
    const { clock, vm, bob, code, server } = page();
    vm.start();
    await clock.advance(0);
    await bob.scan(code());
    await clock.advance(120_000);
    expect(server.created).toHaveLength(1);
    expect(vm.state).toMatchObject({ phase: 'expired', link: undefined, scanner: undefined });
    await vm.refresh();
    expect(vm.state.phase).toBe('waiting');
  });

  it('says so when the other device declines', async () => {
    const { clock, vm, bob, code } = page();
    vm.start();
    await clock.advance(0);
    const scanned = code();
    await bob.scan(scanned);
    await bob.cancel(scanned);
    await clock.advance(0);
    expect(vm.state).toMatchObject({ phase: 'cancelled', link: undefined, signedIn: false });
  });

  it('keeps following the code through a network failure', async () => {
    const { clock, vm, bob, code, server } = page();
    vm.start();
    await clock.advance(0);
    server.loseNextAnswer = true;
    await bob.scan(code());
    await clock.advance(0);
    expect(vm.state.phase).toBe('waiting');
    await clock.advance(2_000);
    expect(vm.state.phase).toBe('scanned');
  });

  it('shows a refusal in our words, e.g. too many codes from this address', async () => {
    const { clock, vm, server } = page();
    server.failNext = 20005;
    vm.start();
    await clock.advance(0);
    expect(vm.state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'i18n', i18nKey: 'error.tooFrequent' },
    });
  });

  it('stops following its code once disposed (the tab left)', async () => {
    const { clock, vm, bob, code, server } = page();
    vm.start();
    vm.start();
    await clock.advance(0);
    expect(server.created).toHaveLength(1);
    const left = code();
    const shown = vm.state;
    vm.dispose();
    await bob.scan(left);
    await clock.advance(120_000);
    expect(vm.state).toBe(shown);
    expect(server.created).toHaveLength(1);
  });

  it('hides the tab when the deployment turns out to lack the calls', async () => {
    const { clock, vm } = page((server) => {
      server.failNext = MISSING_ROUTE_CODE;
    });
    await clock.advance(0);
    expect(vm.state.offered).toBe(false);
  });
});
