/**
 * A group meeting through the product's UI and a real LiveKit SFU: three signed-in browser contexts with
 * Chromium's fake camera and microphone. alice starts a quick meeting from her group's header; bob and carol
 * join from the card. Each page receives the other two's audio and video; a mute, a screen share and a leave
 * reach the others; the host asks to end the meeting for everyone, cancels, then ends it. The SFU is started by `npm test` (LIVEKIT_URL)
 * or by the Playwright config from the cached build (scripts/livekit.mjs), as for calls-ui.e2e.ts.
 */
import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import {
  adminCall,
  conversationOption,
  newUserPage,
  openConversation,
  seriousViolations,
  signIn,
  type UserPage,
} from './support/users';

const liveKitUrl = process.env['LIVEKIT_URL'] ?? '';
// The demo seed's users: their ids for the admin API, their names as the tiles show them.
const ALICE = '1000000001';
const BOB = '1000000002';
const CAROL = '1000000003';

test.skip(
  liveKitUrl === '',
  'no LiveKit SFU (npm test starts one; or run `node scripts/livekit.mjs install`)',
);
// Three clients sync and hold a meeting on a shared 2-core machine.
test.setTimeout(300_000);

declare global {
  interface Window {
    /** Every peer connection the page opened (recorded by the test, not by the app). */
    testPeerConnections: RTCPeerConnection[];
  }
}

/** What one remote track delivered so far, from its `inbound-rtp` statistics. */
interface InboundTrack {
  readonly kind: string;
  readonly bytes: number;
  readonly frames: number;
}

/** A signed-in user whose page records its peer connections, for `inbound-rtp` statistics per track. */
async function user(browser: Browser, name: string): Promise<UserPage> {
  const opened = await newUserPage(browser);
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
  });
  await signIn(opened.page, name);
  return opened;
}

/** Every remote track's bytes and decoded frames, over the page's open peer connections. */
function inboundTracks(page: Page): Promise<InboundTrack[]> {
  return page.evaluate(async () => {
    const tracks: InboundTrack[] = [];
    for (const pc of window.testPeerConnections) {
      if (pc.connectionState === 'closed') continue;
      const report = await pc.getStats();
      report.forEach((s: { type: string; kind?: string; bytesReceived?: number; framesDecoded?: number }) => {
        if (s.type !== 'inbound-rtp' || s.kind === undefined) return;
        tracks.push({ kind: s.kind, bytes: s.bytesReceived ?? 0, frames: s.framesDecoded ?? 0 });
      });
    }
    return tracks;
  });
}

/** How many remote tracks of a kind deliver media: audio with bytes, video with bytes and decoded frames. */
async function flowing(page: Page, kind: 'audio' | 'video'): Promise<number> {
  const tracks = await inboundTracks(page);
  return tracks.filter((t) => t.kind === kind && t.bytes > 0 && (kind === 'audio' || t.frames > 0)).length;
}

const room = (page: Page): Locator => page.getByRole('region', { name: /^Meeting: / });
const grid = (page: Page): Locator => room(page).getByRole('list', { name: 'Participants’ videos' });
const tileOf = (page: Page, name: string): Locator => grid(page).getByRole('listitem', { name });

async function closeAll(...users: UserPage[]): Promise<void> {
  for (const u of users) {
    const leave = room(u.page).getByRole('button', { name: 'Leave' });
    if (await leave.isVisible().catch(() => false)) await leave.click().catch(() => undefined);
  }
  await Promise.race([
    Promise.all(users.map((u) => u.context.close())),
    new Promise((resolve) => setTimeout(resolve, 15_000)),
  ]);
}

test('a quick meeting of three: media from each to each through the SFU, a remote mute, a screen share, a leave and the end for everyone', async ({
  browser,
  request,
}) => {
  const alice = await user(browser, 'alice');
  const bob = await user(browser, 'bob');
  const carol = await user(browser, 'carol');
  try {
    const groupName = `Meeting ${Date.now().toString(36)}`;
    await adminCall(request, '/group/create_group', {
      ownerUserID: ALICE,
      memberUserIDs: [BOB, CAROL],
      adminUserIDs: [],
      groupInfo: { groupName, groupType: 2 },
    });
    for (const u of [alice, bob, carol]) {
      await expect(conversationOption(u.page, groupName)).toBeVisible({ timeout: 45_000 });
      await openConversation(u.page, groupName);
    }

    // alice starts the meeting from the group's header and is in it; bob and carol join from the card.
    await alice.page.getByRole('button', { name: 'Start meeting' }).click();
    await expect(room(alice.page)).toHaveAttribute('data-tone', 'dark', { timeout: 45_000 });
    await expect(tileOf(alice.page, 'alice (you)').locator('video')).toHaveAttribute('data-mirrored', 'true');
    await alice.page.screenshot({ path: test.info().outputPath('meeting-of-one.png') });
    for (const u of [bob, carol]) {
      await u.page
        .getByRole('log', { name: 'Messages' })
        .getByRole('button', { name: 'Join' })
        .last()
        .click();
      await expect(room(u.page)).toHaveAttribute('data-tone', 'dark', { timeout: 45_000 });
    }

    // Every page shows three tiles and receives the other two's audio and video, track by track.
    for (const u of [alice, bob, carol]) {
      await expect(grid(u.page).getByRole('listitem')).toHaveCount(3, { timeout: 45_000 });
      await expect.poll(() => flowing(u.page, 'video'), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(() => flowing(u.page, 'audio'), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    }
    // Axe on the meeting view in both themes (switched in place, as the system's setting would).
    for (const scheme of ['light', 'dark'] as const) {
      await alice.page.emulateMedia({ colorScheme: scheme });
      await alice.page.screenshot({ path: test.info().outputPath(`meeting-of-three-${scheme}.png`) });
      expect(await seriousViolations(alice.page), `meeting view (${scheme})`).toEqual([]);
    }
    await expect(room(bob.page).getByRole('button', { name: 'End for everyone' })).toHaveCount(0);
    // alice opens the end for everyone from the keyboard: it asks first, on Cancel, and Escape keeps
    // the meeting going with the focus back on the button.
    const endForAll = room(alice.page).getByRole('button', { name: 'End for everyone' });
    await endForAll.focus();
    await alice.page.keyboard.press('Enter');
    const question = alice.page.getByRole('alertdialog', { name: 'End the meeting for everyone?' });
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // Axe waits for the dialog's motion to end: the screenshot then shows it settled.
    expect(await seriousViolations(alice.page), 'end for everyone question').toEqual([]);
    await alice.page.screenshot({ path: test.info().outputPath('meeting-end-for-everyone-question.png') });
    await alice.page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(endForAll).toBeFocused();
    await expect(grid(bob.page).getByRole('listitem')).toHaveCount(3);

    // bob mutes his microphone: the mute shows on his tile for alice and carol.
    await room(bob.page).getByRole('button', { name: 'Mute microphone' }).click();
    for (const u of [alice, carol]) {
      await expect(tileOf(u.page, 'bob').getByRole('img', { name: 'Muted' })).toBeVisible({
        timeout: 30_000,
      });
    }

    // carol shares her screen: it reaches alice and bob as a tile of its own, with frames.
    const videoBefore = await flowing(alice.page, 'video');
    await room(carol.page).getByRole('button', { name: 'Share screen' }).click();
    for (const u of [alice, bob]) {
      await expect(tileOf(u.page, 'Screen of carol')).toBeVisible({ timeout: 45_000 });
    }
    await expect.poll(() => flowing(alice.page, 'video'), { timeout: 60_000 }).toBeGreaterThan(videoBefore);
    await room(carol.page).getByRole('button', { name: 'Stop sharing' }).click();
    await expect(tileOf(alice.page, 'Screen of carol')).toHaveCount(0, { timeout: 30_000 });

    // carol leaves: her view closes, and alice and bob see two tiles.
    await room(carol.page).getByRole('button', { name: 'Leave' }).click();
    await expect(room(carol.page)).toHaveCount(0);
    for (const u of [alice, bob]) {
      await expect(grid(u.page).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
      await expect(tileOf(u.page, 'carol')).toHaveCount(0);
    }

    // alice, the host, ends the meeting for everyone: bob's view closes too.
    await endForAll.click();
    await question.getByRole('button', { name: 'End for everyone' }).click();
    await expect(room(alice.page)).toHaveCount(0);
    await expect(room(bob.page)).toHaveCount(0, { timeout: 30_000 });
    // Every card, carol's too, ends as finished with who took part.
    for (const u of [alice, bob, carol]) {
      await expect(
        u.page.getByRole('log', { name: 'Messages' }).getByText(/^Finished · .* · 3 took part$/),
      ).toBeVisible({ timeout: 30_000 });
    }
    await bob.page.screenshot({ path: test.info().outputPath('meeting-card-finished.png') });
  } finally {
    await closeAll(alice, bob, carol);
  }
});
