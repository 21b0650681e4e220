/**
 * A meeting's media through a real LiveKit SFU: three Chromium pages with fake devices join one meeting room
 * through the product's MeetingRoom adapter (packages/adapters-livekit), with tokens from the local server's
 * RTC-token endpoint (support/sfu-harness.ts). The meeting view over the same adapter is meeting-room.e2e.ts.
 */
import { expect, test, type Page } from './fixtures';
import type { InboundSummary } from './support/inbound-rtp';
import { harnessPage, roomAccess, skipWithoutSfu } from './support/sfu-harness';

interface Seen {
  readonly userID: string;
  readonly isLocal: boolean;
  readonly video: boolean;
  readonly audio: boolean;
  readonly screen: boolean;
  readonly microphoneMuted: boolean;
  readonly cameraOff: boolean;
}

type Harness = {
  connect(url: string, token: string): Promise<void>;
  state(): string;
  participants(): Seen[];
  inbound(): Promise<InboundSummary[]>;
  setVideoVisible(userID: string, visible: boolean): void;
  videoFrames(userID: string): Promise<number>;
  setMicrophoneEnabled(enabled: boolean): Promise<void>;
  setScreenShareEnabled(enabled: boolean): Promise<void>;
  sendEndForAll(meetingID: string): Promise<void>;
  ends(): string[];
  disconnect(): Promise<void>;
};
declare global {
  interface Window {
    meetingHarness: Harness;
  }
}

skipWithoutSfu();
test.setTimeout(180_000);
const harness = harnessPage('meeting-harness', 'Meeting harness ready');

/** Remote tracks of a kind delivering media: audio with bytes, video with bytes and decoded frames. */
async function flowing(page: Page, kind: 'audio' | 'video'): Promise<number> {
  const tracks = await page.evaluate(() => window.meetingHarness.inbound());
  return tracks.filter(
    (t) => t.kind === kind && t.bytesReceived > 0 && (kind === 'audio' || t.framesDecoded > 0),
  ).length;
}

const seen = (page: Page) => page.evaluate(() => window.meetingHarness.participants());

/** How many frames of a participant's camera a page decodes over a second and a half. */
async function framesMeanwhile(page: Page, userID: string): Promise<number> {
  const frames = () => page.evaluate((id) => window.meetingHarness.videoFrames(id), userID);
  const before = await frames();
  await page.waitForTimeout(1_500);
  return (await frames()) - before;
}

test('a meeting of three through the SFU: each receives the others, sees a mute, a screen share, a leave and the end', async ({
  browser,
  baseURL,
}) => {
  const meetingID = `e2e${Date.now().toString(36)}`;
  const room = `meeting-${meetingID}`;
  const names = ['alice', 'bob', 'carol'] as const;
  const access = await Promise.all(names.map((n) => roomAccess(baseURL ?? '', n, room)));
  const pages: Page[] = [];
  for (const _ of names) pages.push(await harness.open(browser));
  const [alice, bob, carol] = pages as [Page, Page, Page];
  const [aliceID, bobID, carolID] = access.map((a) => a.userID) as [string, string, string];
  try {
    for (const [i, page] of pages.entries()) {
      const own = access[i];
      if (own === undefined) throw new Error('no room access');
      await page.evaluate((a) => window.meetingHarness.connect(a.serverUrl, a.token), own);
      expect(await page.evaluate(() => window.meetingHarness.state())).toBe('connected');
    }
    // Each page: two others, and two audio and two video tracks delivering media, one per remote track.
    for (const page of pages) {
      await expect.poll(async () => (await seen(page)).filter((p) => !p.isLocal).length).toBe(2);
      await expect.poll(() => flowing(page, 'video'), { timeout: 60_000 }).toBe(2);
      await expect.poll(() => flowing(page, 'audio'), { timeout: 60_000 }).toBe(2);
    }

    // Adaptive stream sees the elements the videos play in: bob's camera, hidden on alice's page, stops
    // coming to her (the SFU pauses it), and comes again once shown.
    await expect.poll(() => framesMeanwhile(alice, bobID), { timeout: 30_000 }).toBeGreaterThan(0);
    await alice.evaluate((id) => window.meetingHarness.setVideoVisible(id, false), bobID);
    await expect.poll(() => framesMeanwhile(alice, bobID), { timeout: 30_000 }).toBe(0);
    await alice.evaluate((id) => window.meetingHarness.setVideoVisible(id, true), bobID);
    await expect.poll(() => framesMeanwhile(alice, bobID), { timeout: 30_000 }).toBeGreaterThan(0);

    // bob mutes his microphone: alice and carol see it.
    await bob.evaluate(() => window.meetingHarness.setMicrophoneEnabled(false));
    for (const page of [alice, carol]) {
      await expect
        .poll(async () => (await seen(page)).find((p) => p.userID === bobID)?.microphoneMuted)
        .toBe(true);
    }

    // carol shares her screen (a click: getDisplayMedia needs a user gesture); alice and bob receive it.
    await carol.getByRole('button', { name: 'Share' }).click();
    await expect(carol).toHaveTitle('sharing', { timeout: 30_000 });
    for (const page of [alice, bob]) {
      await expect.poll(async () => (await seen(page)).find((p) => p.userID === carolID)?.screen).toBe(true);
      await expect.poll(() => flowing(page, 'video'), { timeout: 60_000 }).toBe(3);
    }
    await carol.evaluate(() => window.meetingHarness.setScreenShareEnabled(false));
    await expect.poll(async () => (await seen(alice)).find((p) => p.userID === carolID)?.screen).toBe(false);

    // carol leaves: the others still meet, without her.
    await carol.evaluate(() => window.meetingHarness.disconnect());
    for (const page of [alice, bob]) {
      await expect.poll(async () => (await seen(page)).map((p) => p.userID).includes(carolID)).toBe(false);
      expect(await page.evaluate(() => window.meetingHarness.state())).toBe('connected');
    }

    // alice ends it for everyone: bob receives the end, stamped by the SFU with alice as its sender.
    await alice.evaluate((id) => window.meetingHarness.sendEndForAll(id), meetingID);
    await expect
      .poll(() => bob.evaluate(() => window.meetingHarness.ends()))
      .toEqual([`${aliceID}:${meetingID}`]);
  } finally {
    for (const page of pages) await page.evaluate(() => window.meetingHarness.disconnect());
    for (const page of pages) await page.context().close();
  }
});
