import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openChatWith, signInThroughForm, test, type Locator, type Page } from './fixtures';
import { newUserPage, type UserPage } from '../support/users';
import { USERS } from './stack';

/**
 * A voice call through chat 1.8.4's room tokens and a LiveKit SFU at the address chat's default
 * configuration hands out (ws://127.0.0.1:7880, with its default key and secret). The SFU is the cached
 * livekit-server `npm test` builds (scripts/livekit.mjs); this file starts it and stops it by PID, so the
 * other files see no SFU there (and no call buttons, sign-in.e2e.ts).
 */

const binary =
  process.env['LIVEKIT_SERVER_BIN'] ??
  join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'teamim/livekit-server-v1.13.5/server');
// chat 1.8.4's config/chat-rpc-chat.yml `liveKit`.
const CHAT_LIVEKIT = {
  port: 7880,
  key: 'APIGPW3gnFTzqHH',
  secret: '23ztfSqsfQ8hKkHzHTl3Z4bvaxro0snjk5jwbp5p6Q3',
};

test.skip(!existsSync(binary), 'no livekit-server built (`node scripts/livekit.mjs install` builds it)');

let sfu: ChildProcess | undefined;
let dir = '';

function listening(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`livekit-server did not listen on ${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'teamim-openim-livekit-'));
  const config = join(dir, 'livekit.yaml');
  writeFileSync(
    config,
    [
      `port: ${CHAT_LIVEKIT.port}`,
      'bind_addresses: ["127.0.0.1"]',
      'rtc:',
      '  tcp_port: 17881',
      '  udp_port: 17882',
      '  use_external_ip: false',
      '  node_ip: 127.0.0.1',
      '  enable_loopback_candidate: true',
      'keys:',
      `  ${CHAT_LIVEKIT.key}: ${CHAT_LIVEKIT.secret}`,
      'logging:',
      '  level: warn',
      '',
    ].join('\n'),
  );
  sfu = spawn(binary, ['--config', config], { stdio: 'ignore' });
  await listening(CHAT_LIVEKIT.port, Date.now() + 30_000);
});

test.afterAll(async () => {
  const child = sfu;
  if (child?.pid !== undefined && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    // The SFU's first SIGTERM only starts draining its rooms.
    child.kill('SIGTERM');
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Signed in, with the page's peer connections recorded and the IM connection up (call signals are online-only). */
async function caller(browser: Parameters<typeof newUserPage>[0], name: 'alice' | 'bob'): Promise<UserPage> {
  const opened = await newUserPage(browser);
  await opened.context.grantPermissions(['microphone']);
  await opened.page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    Object.assign(window, { testPeerConnections: all });
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        all.push(this);
      }
    };
  });
  const connected = new Promise<void>((resolve) =>
    opened.page.on('websocket', (ws) => {
      if (new URL(ws.url()).port === '10001') ws.once('framereceived', () => resolve());
    }),
  );
  await signInThroughForm(opened.page, USERS[name]);
  await connected;
  return opened;
}

const overlay = (page: Page): Locator => page.getByRole('dialog', { name: 'Voice call' });

/** Audio bytes received so far over the page's open peer connections. */
const audioReceived = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    let bytes = 0;
    const all = (window as unknown as { testPeerConnections: RTCPeerConnection[] }).testPeerConnections;
    for (const pc of all) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes += s.bytesReceived ?? 0;
      });
    }
    return bytes;
  });

test('with an SFU at the address chat hands out, alice calls bob by voice and they hear each other', async ({
  browser,
}, info) => {
  const alice = await caller(browser, 'alice');
  const bob = await caller(browser, 'bob');
  await openChatWith(alice.page, 'bob');
  const call = alice.page
    .getByRole('group', { name: 'Conversation actions' })
    .getByRole('button', { name: 'Voice call' });
  await call.click({ timeout: 60_000 });
  await expect(overlay(bob.page).getByRole('status')).toHaveText('Incoming voice call', { timeout: 30_000 });
  await overlay(bob.page).getByRole('button', { name: 'Answer' }).click();
  for (const page of [alice.page, bob.page]) {
    await expect(overlay(page).getByRole('button', { name: 'Hang up' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => audioReceived(page), { timeout: 45_000 }).toBeGreaterThan(0);
  }
  await info.attach('alice-in-call', { body: await alice.page.screenshot(), contentType: 'image/png' });
  await overlay(alice.page).getByRole('button', { name: 'Hang up' }).click();
  await expect(overlay(bob.page)).toHaveCount(0, { timeout: 30_000 });
  await expect(alice.page.locator('[data-call-record]').last()).toHaveText(/^Call duration \d\d:\d\d$/, {
    timeout: 30_000,
  });
});
