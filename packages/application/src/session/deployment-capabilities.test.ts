import { describe, expect, it } from 'vitest';
import {
  STORAGE_KEYS,
  type BalanceLogRecord,
  type CallAccessData,
  type RedPacketSendPayload,
  type SearchedUser,
} from '@teamim/domain';
import { ChatApi, type UserDetails } from '../ports/chat-api.port';
import { WalletApi } from '../ports/wallet-api.port';
import { MISSING_ROUTE_CODE, RemoteError } from '../shared/remote-error';
import { FakeMediaServerProbe, RecordingLogger, TestWorld } from '../testing';
import { DeploymentCapabilities, type DeploymentFeatures } from './deployment-capabilities';

/** A real OpenIM 3.8 + chat 1.8 deployment: no `/app/*` routes, and chat answers 404 as plain text. */
class NoWalletApi extends WalletApi {
  private missing(): Promise<never> {
    return Promise.reject(new RemoteError(MISSING_ROUTE_CODE, '/app/... does not exist (HTTP 404)'));
  }
  getBalance(): Promise<number> {
    return this.missing();
  }
  getBalanceLog(): Promise<readonly BalanceLogRecord[]> {
    return this.missing();
  }
  setPayPassword(): Promise<void> {
    return this.missing();
  }
  sendRedPacket(_payload: RedPacketSendPayload): Promise<string> {
    return this.missing();
  }
  openRedPacket(): Promise<never> {
    return this.missing();
  }
  getRedPacketDetail(): Promise<never> {
    return this.missing();
  }
}

/** chat 1.8 without LiveKit configured refuses room tokens; `code` lets a test pick the refusal. */
class RtcChatApi extends ChatApi {
  constructor(private readonly answer: () => Promise<CallAccessData>) {
    super();
  }
  updateUser(): Promise<void> {
    return Promise.resolve();
  }
  findUsers(): Promise<readonly UserDetails[]> {
    return Promise.resolve([]);
  }
  searchUsers(): Promise<readonly SearchedUser[]> {
    return Promise.resolve([]);
  }
  getRoomAccess(): Promise<CallAccessData> {
    return this.answer();
  }
}

const refused = (code: number) => () => Promise.reject(new RemoteError(code, 'refused'));

describe('DeploymentCapabilities', () => {
  it('detects the local server: wallet and calls available, once signed in', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const seen: DeploymentFeatures[] = [];
    alice.capabilities.features$.subscribe((f) => seen.push(f));
    await world.settle();
    expect(alice.capabilities.current).toEqual({ wallet: 'available', calls: 'available' });
    expect(seen[seen.length - 1]).toEqual({ wallet: 'available', calls: 'available' });
  });

  it('a deployment without the wallet API or RTC tokens: both absent, never broken', async () => {
    const caps = new DeploymentCapabilities(
      new NoWalletApi(),
      new RtcChatApi(refused(500)),
      new RecordingLogger(),
      new FakeMediaServerProbe(),
    );
    expect(caps.current).toEqual({ wallet: 'unknown', calls: 'unknown' });
    expect(await caps.detect('alice')).toEqual({ wallet: 'absent', calls: 'absent' });
  });

  it('network failures leave a feature unknown; a room token without a server address means no calls', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const flaky = new DeploymentCapabilities(
      alice.ports.walletApi,
      new RtcChatApi(refused(-1001)),
      new RecordingLogger(),
      new FakeMediaServerProbe(),
    );
    expect(await flaky.detect('alice')).toEqual({ wallet: 'available', calls: 'unknown' });
    const noUrl = new DeploymentCapabilities(
      new NoWalletApi(),
      new RtcChatApi(() => Promise.resolve({ serverUrl: '', token: 't' })),
      new RecordingLogger(),
      new FakeMediaServerProbe(),
    );
    expect((await noUrl.detect('alice')).calls).toBe('absent');
  });

  it('a room token for a media server nothing answers at means no calls; one that answers means calls', async () => {
    // chat 1.8.4's default configuration: a token and ws://127.0.0.1:7880, with no LiveKit running.
    const chat = new RtcChatApi(() => Promise.resolve({ serverUrl: 'ws://127.0.0.1:7880', token: 't' }));
    const closed = new FakeMediaServerProbe().closed('ws://127.0.0.1:7880');
    const caps = new DeploymentCapabilities(new NoWalletApi(), chat, new RecordingLogger(), closed);
    expect((await caps.detect('alice')).calls).toBe('absent');
    expect(closed.probed).toEqual(['ws://127.0.0.1:7880']);
    const open = new FakeMediaServerProbe();
    const running = new DeploymentCapabilities(new NoWalletApi(), chat, new RecordingLogger(), open);
    expect((await running.detect('alice')).calls).toBe('available');
    // What the deployment says wins: no token request, no probe.
    const told = new FakeMediaServerProbe().closed('ws://127.0.0.1:7880');
    const configured = new DeploymentCapabilities(new NoWalletApi(), chat, new RecordingLogger(), told);
    configured.configure({ calls: true });
    expect((await configured.detect('alice')).calls).toBe('available');
    expect(told.probed).toEqual([]);
  });

  it('signed in where the media server cannot be reached, the call buttons are not offered', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const reachable = await world.signIn('alice');
    const buttons = reachable.viewModels.callButtons();
    await world.settle();
    expect(buttons.state.callsAvailable).toBe(true);
    const client = world.opened('bob');
    client.ports.mediaServerProbe.closed(world.backend.rtc.serverUrl);
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'bob');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('bob').token);
    expect((await client.session.bootstrap()).ok).toBe(true);
    const hidden = client.viewModels.callButtons();
    await world.settle();
    expect(client.capabilities.current.calls).toBe('absent');
    expect(hidden.state.callsAvailable).toBe(false);
  });

  it('sign-in does not wait for the media server check; the call buttons appear once it answers', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const client = world.client();
    const serverUrl = world.backend.rtc.serverUrl;
    client.ports.mediaServerProbe.holding(serverUrl);
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    // A media server that takes its time (up to the adapter's 8 s) must not hold the session back.
    expect((await client.bootstrap()).ok).toBe(true);
    const buttons = client.viewModels.callButtons();
    await world.settle();
    expect(client.ports.mediaServerProbe.probed).toEqual([serverUrl]);
    expect(client.capabilities.current.calls).toBe('unknown');
    expect(buttons.state.callsAvailable).toBe(false);
    client.ports.mediaServerProbe.answer(serverUrl, true);
    await world.settle();
    expect(client.capabilities.current.calls).toBe('available');
    expect(buttons.state.callsAvailable).toBe(true);
  });

  it('configuration wins over detection, and sign-out goes back to it', async () => {
    let probes = 0;
    const caps = new DeploymentCapabilities(
      new NoWalletApi(),
      new RtcChatApi(() => {
        probes += 1;
        return Promise.resolve({ serverUrl: 'wss://lk', token: 't' });
      }),
      new RecordingLogger(),
      new FakeMediaServerProbe(),
    );
    caps.configure({ wallet: true, calls: false });
    expect(await caps.detect('alice')).toEqual({ wallet: 'available', calls: 'absent' });
    expect(probes).toBe(0);
    caps.configure({ wallet: 'auto' });
    expect(await caps.detect('alice')).toEqual({ wallet: 'absent', calls: 'available' });
    caps.configure({});
    expect(caps.current).toEqual({ wallet: 'unknown', calls: 'unknown' });
  });

  it('a wallet call that finds no route marks the wallet absent; other failures do not', () => {
    const caps = new DeploymentCapabilities(
      new NoWalletApi(),
      new RtcChatApi(refused(500)),
      new RecordingLogger(),
      new FakeMediaServerProbe(),
    );
    caps.configure({ wallet: true });
    caps.noteWalletFailure({ kind: 'remote', code: 21001, message: 'insufficient balance' });
    expect(caps.current.wallet).toBe('available');
    caps.noteWalletFailure({ kind: 'remote', code: MISSING_ROUTE_CODE, message: 'no route' });
    expect(caps.current.wallet).toBe('absent');
  });

  it('signing out forgets what was detected: the next session asks again', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    await world.settle();
    expect(alice.capabilities.current.wallet).toBe('available');
    await alice.session.logout();
    await world.settle();
    alice.open('alice');
    expect(alice.capabilities.current).toEqual({ wallet: 'unknown', calls: 'unknown' });
  });
});
