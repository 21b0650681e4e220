/**
 * One-to-one calls through the product's UI and a real LiveKit SFU (spec §2 call overlay, §4 calls, §6 call
 * roles, §8 call toasts): two or three signed-in browser contexts with Chromium's fake camera and microphone.
 * The SFU is started by `npm test` (LIVEKIT_URL) or by the Playwright config from the cached build
 * (scripts/livekit.mjs), as for calls-media.e2e.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { conversationList, newUserPage, openConversation, signIn, type UserPage } from './support/users';

const liveKitUrl = process.env['LIVEKIT_URL'] ?? '';

test.skip(
  liveKitUrl === '',
  'no LiveKit SFU (npm test starts one; or run `node scripts/livekit.mjs install`)',
);
// Two or three clients sync, call and hang up on a shared 2-core machine.
test.setTimeout(240_000);

interface Inbound {
  readonly audioBytes: number;
  readonly videoBytes: number;
  readonly framesDecoded: number;
}

declare global {
  interface Window {
    /** Every peer connection the page opened (recorded by the test, not by the app). */
    testPeerConnections: RTCPeerConnection[];
    /** Epoch ms of the last click on an Answer button (recorded by the test, not by the app). */
    testAnsweredAt: number | undefined;
  }
}

/**
 * A signed-in user whose page records its peer connections (for `inbound-rtp` statistics) and, when given,
 * reads `config` as its deploy-time `config.json`.
 */
async function user(
  browser: Browser,
  name: string,
  options: {
    colorScheme?: 'light' | 'dark';
    /** What the page reads as its deploy-time `config.json` from its next start on; the server's while unset. */
    config?: { json?: Record<string, unknown> };
    /** While `blocked` is true, the call overlay's chunk fails to load (as after a deployment removed it). */
    overlayCode?: { blocked: boolean };
  } = {},
): Promise<UserPage> {
  const opened = await newUserPage(browser, { colorScheme: options.colorScheme ?? 'light' });
  const overlayCode = options.overlayCode;
  if (overlayCode !== undefined)
    await opened.context.route('**/assets/CallOverlay-*.js', (route) =>
      overlayCode.blocked ? route.abort() : route.continue(),
    );
  await opened.context.grantPermissions(['camera', 'microphone']);
  await opened.page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.testPeerConnections = [];
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        window.testPeerConnections.push(this);
      }
    };
    // The moment of answering is the click's dispatch (the capture phase, before the app's handler), as in
    // bench/meeting: the checks Playwright makes before it clicks are not part of the interval.
    window.testAnsweredAt = undefined;
    document.addEventListener(
      'click',
      (event) => {
        const button = event.target instanceof Element ? event.target.closest('button') : null;
        if (button?.textContent?.trim() === 'Answer') window.testAnsweredAt = Date.now();
      },
      true,
    );
  });
  const config = options.config;
  if (config !== undefined)
    await opened.context.route('**/config.json', (route) =>
      config.json === undefined ? route.continue() : route.fulfill({ json: config.json }),
    );
  const connected = imConnected(opened.page);
  await signIn(opened.page, name);
  await connected;
  return opened;
}

/**
 * Resolves once the page's IM connection has received its first frame. Call signals are online-only
 * messages: a user rings only once that connection is up, which can be a few seconds after the
 * conversation list (loaded over HTTP) shows.
 */
function imConnected(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname.endsWith('/ws')) ws.once('framereceived', () => resolve());
    });
  });
}

/** Loads the signed-in tab again (the app starts anew from the stored session) and waits until it is online. */
async function reloadConnected(u: UserPage): Promise<void> {
  const connected = imConnected(u.page);
  await u.page.reload();
  await expect(conversationList(u.page).getByRole('option').first()).toBeVisible({ timeout: 90_000 });
  await connected;
}

const overlay = (page: Page, kind: 'Video call' | 'Voice call'): Locator =>
  page.getByRole('dialog', { name: kind });

const headerButton = (page: Page, name: 'Video call' | 'Voice call'): Locator =>
  page.getByRole('group', { name: 'Conversation actions' }).getByRole('button', { name });

/** Bytes and decoded frames received so far over every open peer connection of the page. */
function inbound(page: Page): Promise<Inbound> {
  return page.evaluate(async () => {
    const totals = { audioBytes: 0, videoBytes: 0, framesDecoded: 0 };
    for (const pc of window.testPeerConnections) {
      if (pc.connectionState === 'closed') continue;
      const report = await pc.getStats();
      report.forEach((s: { type: string; kind?: string; bytesReceived?: number; framesDecoded?: number }) => {
        if (s.type !== 'inbound-rtp') return;
        if (s.kind === 'audio') totals.audioBytes += s.bytesReceived ?? 0;
        if (s.kind === 'video') {
          totals.videoBytes += s.bytesReceived ?? 0;
          totals.framesDecoded += s.framesDecoded ?? 0;
        }
      });
    }
    return totals;
  });
}

/** The kinds of live tracks attached to the page's media elements (remote video, remote audio, own video). */
function attachedTracks(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const element = document.querySelector<HTMLMediaElement>(sel);
    const stream = element?.srcObject;
    if (!(stream instanceof MediaStream)) return [];
    return stream.getTracks().map((t) => `${t.kind}:${t.readyState}`);
  }, selector);
}

/** Resolves with the epoch ms of the first remote video frame the overlay paints. */
function firstRemoteFrame(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const poll = () => {
          const video = document.querySelector<HTMLVideoElement>('video[aria-label^="Video of"]');
          if (video === null) {
            setTimeout(poll, 10);
            return;
          }
          video.requestVideoFrameCallback(() => resolve(Date.now()));
        };
        poll();
      }),
  );
}

/**
 * axe's serious and critical violations inside the call overlay. Scoped to it: the page behind is checked by
 * its own tests, and text the overlay half covers there would be measured against the overlay's colours.
 */
async function overlayViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"][data-tone]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}

/** The call record the chat shows last, as text. */
const lastRecord = (page: Page): Locator => page.locator('[data-call-record]').last();

async function closeAll(...users: UserPage[]): Promise<void> {
  for (const u of users) {
    // Hang up whatever still runs, so the SFU has no room to drain when the browsers go.
    const button = u.page.getByRole('button', { name: /^(Hang up|Cancel|Reject)$/ });
    if (await button.isVisible().catch(() => false)) await button.click().catch(() => undefined);
  }
  // A context whose page still holds the IM worker can take minutes to close on a loaded machine; the
  // worker's browser goes at teardown anyway, so waiting longer proves nothing.
  await Promise.race([
    Promise.all(users.map((u) => u.context.close())),
    new Promise((resolve) => setTimeout(resolve, 15_000)),
  ]);
}

test('calls between alice, bob and carol: video, voice and busy, then reject, cancel and no answer', async ({
  browser,
  expectConsoleError,
}, testInfo) => {
  // Three former tests' steps, each a few minutes at most on a loaded machine.
  test.setTimeout(540_000);
  // The last step blocks bob's overlay code: its prefetch and the ring's load both fail then.
  expectConsoleError('net::ERR_FAILED');
  expectConsoleError('Failed to fetch dynamically imported module');
  const aliceConfig: { json?: Record<string, unknown> } = {};
  const bobOverlayCode = { blocked: false };
  // alice in the light theme, bob in the dark one: the overlay is checked by axe in both.
  const alice = await user(browser, 'alice', { config: aliceConfig });
  const bob = await user(browser, 'bob', { colorScheme: 'dark', overlayCode: bobOverlayCode });
  const carol = await user(browser, 'carol');
  try {
    await test.step('a video call from the header: media both ways through the SFU, timer, remote mute, hang-up and the record on both sides', async () => {
      await openConversation(alice.page, 'bob');
      await headerButton(alice.page, 'Video call').click();

      // Waiting: light, the peer's name, Cancel for the inviter; Answer and Reject for the receiver.
      const aliceCall = overlay(alice.page, 'Video call');
      const bobCall = overlay(bob.page, 'Video call');
      await expect(aliceCall).toHaveAttribute('data-tone', 'light');
      await expect(aliceCall.getByRole('status')).toHaveText('Waiting for an answer…');
      await expect(aliceCall.getByRole('button', { name: 'Cancel' })).toBeVisible();
      await expect(aliceCall.getByRole('button', { name: 'Answer' })).toHaveCount(0);
      // alice sees her own camera while it rings (captured, not yet on air: bob is in no room to receive it).
      await expect
        .poll(() => attachedTracks(alice.page, 'video[aria-label="Your video"]'), { timeout: 30_000 })
        .toEqual(['video:live']);
      await expect(bobCall.getByRole('status')).toHaveText('Incoming video call', { timeout: 30_000 });
      await expect(bobCall).toHaveAttribute('data-tone', 'light');
      await expect(bobCall.getByText('alice', { exact: true })).toBeVisible();
      await expect(bobCall.getByRole('button', { name: 'Reject' })).toBeVisible();
      await alice.page.screenshot({ path: testInfo.outputPath('call-waiting-light.png') });
      await bob.page.screenshot({ path: testInfo.outputPath('call-incoming-dark.png') });
      expect(await overlayViolations(alice.page)).toEqual([]);
      expect(await overlayViolations(bob.page)).toEqual([]);

      const frameAtBob = firstRemoteFrame(bob.page);
      const frameAtAlice = firstRemoteFrame(alice.page);
      await bobCall.getByRole('button', { name: 'Answer' }).click();
      const answeredAt = await bob.page.evaluate(() => window.testAnsweredAt);
      expect(answeredAt).toBeDefined();

      for (const [page, call] of [
        [alice.page, aliceCall],
        [bob.page, bobCall],
      ] as const) {
        await expect(call).toHaveAttribute('data-tone', 'dark', { timeout: 30_000 });
        await expect(call.getByRole('button', { name: 'Hang up' })).toBeVisible();
        // Remote video full size, the own camera as the thumbnail, the remote audio playing.
        await expect
          .poll(() => attachedTracks(page, 'video[aria-label^="Video of"]'), { timeout: 30_000 })
          .toEqual(['video:live']);
        await expect
          .poll(() => attachedTracks(page, 'video[aria-label="Your video"]'))
          .toEqual(['video:live']);
        await expect.poll(() => attachedTracks(page, 'audio'), { timeout: 30_000 }).toEqual(['audio:live']);
        await expect
          .poll(async () => {
            const stats = await inbound(page);
            return stats.audioBytes > 0 && stats.videoBytes > 0 && stats.framesDecoded > 0;
          })
          .toBe(true);
      }
      // docs/benchmarks.md: from bob's click on Answer to the first remote frame painted on each side.
      for (const [who, frame] of [
        ['inviter', frameAtAlice],
        ['receiver', frameAtBob],
      ] as const) {
        test.info().annotations.push({
          type: `ui-answer-to-first-remote-frame-ms (${who})`,
          description: String((await frame) - (answeredAt ?? Number.NaN)),
        });
      }

      // The mm:ss timer runs. How far it has got depends on how long the media checks above took (over 20 s
      // on a loaded machine), so only its form and its moving on are checked.
      const timer = aliceCall.getByRole('status');
      await expect(timer).toHaveText(/^(?!00:00$)\d{2}:[0-5]\d$/, { timeout: 15_000 });
      const first = await timer.textContent();
      await expect(timer).not.toHaveText(first ?? '', { timeout: 10_000 });
      await alice.page.screenshot({ path: testInfo.outputPath('call-connected-light.png') });
      await bob.page.screenshot({ path: testInfo.outputPath('call-connected-dark.png') });
      expect(await overlayViolations(alice.page)).toEqual([]);
      expect(await overlayViolations(bob.page)).toEqual([]);

      // bob mutes his microphone: alice's page learns the remote audio is muted, and shows it.
      await bobCall.getByRole('button', { name: 'Mute microphone' }).click();
      await expect(bobCall.getByRole('button', { name: 'Unmute microphone' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(aliceCall.getByText('bob is muted')).toBeVisible({ timeout: 15_000 });
      await alice.page.screenshot({ path: testInfo.outputPath('call-peer-muted.png') });
      await bobCall.getByRole('button', { name: 'Unmute microphone' }).click();
      await expect(aliceCall.getByText('bob is muted')).toHaveCount(0, { timeout: 15_000 });

      // Hang-up closes both overlays; the record with its duration is in the chat on both sides.
      await aliceCall.getByRole('button', { name: 'Hang up' }).click();
      await expect(aliceCall).toHaveCount(0);
      await expect(bobCall).toHaveCount(0, { timeout: 15_000 });
      await expect(lastRecord(alice.page)).toHaveText(/^Call duration \d\d:\d\d$/, { timeout: 30_000 });
      await openConversation(bob.page, 'alice');
      await expect(lastRecord(bob.page)).toHaveText(/^Call duration \d\d:\d\d$/, { timeout: 30_000 });
      await expect(lastRecord(bob.page)).toHaveAttribute('data-call-record', 'answered');
    });

    await test.step('a voice call: audio only both ways, avatars instead of video; a third caller finds the callee busy', async () => {
      await openConversation(bob.page, 'alice');
      await headerButton(bob.page, 'Voice call').click();
      const aliceCall = overlay(alice.page, 'Voice call');
      const bobCall = overlay(bob.page, 'Voice call');
      await expect(aliceCall.getByRole('status')).toHaveText('Incoming voice call', { timeout: 30_000 });
      await aliceCall.getByRole('button', { name: 'Answer' }).click();
      for (const [page, call, peer] of [
        [alice.page, aliceCall, 'bob'],
        [bob.page, bobCall, 'alice'],
      ] as const) {
        await expect(call).toHaveAttribute('data-tone', 'dark', { timeout: 30_000 });
        await expect(call.getByText(peer, { exact: true })).toBeVisible();
        await expect(call.getByRole('button', { name: /camera/ })).toHaveCount(0);
        await expect(page.locator('video')).toHaveCount(0);
        await expect.poll(() => attachedTracks(page, 'audio'), { timeout: 30_000 }).toEqual(['audio:live']);
        await expect
          .poll(async () => {
            const stats = await inbound(page);
            return { audio: stats.audioBytes > 0, video: stats.videoBytes };
          })
          .toEqual({ audio: true, video: 0 });
      }

      // carol calls alice, who is in the call with bob: it is declined for her at once, the call goes on.
      await openConversation(carol.page, 'alice');
      await headerButton(carol.page, 'Voice call').click();
      const carolCall = overlay(carol.page, 'Voice call');
      await expect(carolCall).toHaveCount(0, { timeout: 30_000 });
      await expect(lastRecord(carol.page)).toHaveText('Call declined', { timeout: 15_000 });
      await expect(aliceCall.getByRole('button', { name: 'Hang up' })).toBeVisible();
      // alice herself cannot place a second call while in one.
      await openConversation(alice.page, 'carol');
      await headerButton(alice.page, 'Video call').click();
      await expect(
        alice.page.locator('.fui-ToastTitle').filter({ hasText: 'You are already in a call' }),
      ).toBeVisible();

      await bobCall.getByRole('button', { name: 'Hang up' }).click();
      await expect(aliceCall).toHaveCount(0, { timeout: 15_000 });
      await expect(lastRecord(bob.page)).toHaveText(/^Call duration \d\d:\d\d$/, { timeout: 30_000 });
    });

    await test.step('reject (also when the overlay cannot load), cancel, and no answer before the (shortened) timeout each close both overlays and leave their record', async () => {
      // config.json is the deploy-time configuration, read when the app starts: alice's now shortens the 30 s
      // ring to 10 s, and bob's overlay code can no longer be fetched (its prefetch and the ring's load both
      // fail). Both tabs start the app again to take that in.
      aliceConfig.json = { callTimeoutSeconds: 10 };
      bobOverlayCode.blocked = true;
      await Promise.all([reloadConnected(alice), reloadConnected(bob)]);
      await openConversation(alice.page, 'bob');
      await openConversation(bob.page, 'alice');
      const aliceCall = overlay(alice.page, 'Voice call');
      const bobCall = overlay(bob.page, 'Voice call');
      const both = async () => {
        await expect(aliceCall).toHaveCount(0, { timeout: 20_000 });
        await expect(bobCall).toHaveCount(0, { timeout: 20_000 });
      };

      // bob's overlay cannot load: a bar says so and still lets him reject the ringing call.
      await headerButton(alice.page, 'Voice call').click();
      const bar = bob.page.getByRole('alert').filter({ hasText: "The call screen with alice couldn't load" });
      await expect(bar).toBeVisible({ timeout: 45_000 });
      await bob.page.screenshot({ path: testInfo.outputPath('call-overlay-unavailable.png') });
      await bar.getByRole('button', { name: 'Reject' }).click();
      await expect(aliceCall).toHaveCount(0, { timeout: 20_000 });
      await expect(bar).toHaveCount(0);
      for (const page of [alice.page, bob.page])
        await expect(lastRecord(page)).toHaveText('Call declined', { timeout: 15_000 });

      // Its code is back: the next call loads the overlay. bob rejects from it.
      bobOverlayCode.blocked = false;
      await headerButton(alice.page, 'Voice call').click();
      await bobCall.getByRole('button', { name: 'Reject' }).click({ timeout: 30_000 });
      await both();
      for (const page of [alice.page, bob.page])
        await expect(lastRecord(page)).toHaveText('Call declined', { timeout: 15_000 });

      // alice cancels.
      await headerButton(alice.page, 'Voice call').click();
      await expect(bobCall.getByRole('status')).toHaveText('Incoming voice call', { timeout: 30_000 });
      await aliceCall.getByRole('button', { name: 'Cancel' }).click();
      await both();
      for (const page of [alice.page, bob.page])
        await expect(lastRecord(page)).toHaveText('Call cancelled', { timeout: 15_000 });

      // Nobody answers: after the timeout both overlays close.
      await headerButton(alice.page, 'Voice call').click();
      await expect(bobCall.getByRole('status')).toHaveText('Incoming voice call', { timeout: 30_000 });
      await both();
      for (const page of [alice.page, bob.page])
        await expect(lastRecord(page)).toHaveText('No answer', { timeout: 15_000 });
    });
  } finally {
    await closeAll(alice, bob, carol);
  }
});
