/**
 * Media through a real LiveKit SFU (spec §7 "Call media room"): two Chromium pages with fake devices join
 * one room through the product's RtcRoom adapter (packages/adapters-livekit), with tokens from the local
 * server's RTC-token endpoint (support/sfu-harness.ts).
 */
import { expect, test } from './fixtures';
import type { InboundSummary } from './support/inbound-rtp';
import { harnessPage, liveKitUrl, roomAccess, skipWithoutSfu } from './support/sfu-harness';

type Harness = {
  connect(url: string, token: string, video: boolean): Promise<void>;
  prepare(url: string, token: string): Promise<void>;
  join(url: string, token: string): Promise<void>;
  capture(video: boolean): Promise<void>;
  state(): string;
  remoteKinds(): string[];
  localKinds(): string[];
  remoteMuted(kind: string): boolean;
  firstVideoFrameMs(): number | undefined;
  connectStartedEpoch(): number;
  firstVideoFrameEpoch(): number | undefined;
  inbound(): Promise<InboundSummary[]>;
  setMicrophoneEnabled(enabled: boolean): Promise<void>;
  disconnect(): Promise<void>;
};
declare global {
  interface Window {
    rtcHarness: Harness;
  }
}

skipWithoutSfu();
const harness = harnessPage('rtc-harness', 'RTC harness ready');

test('audio and video flow both ways through the SFU, and a muted microphone shows as muted', async ({
  browser,
  baseURL,
}) => {
  const room = `e2e-${Date.now()}`;
  const [alice, bob] = await Promise.all([
    roomAccess(baseURL ?? '', 'alice', room),
    roomAccess(baseURL ?? '', 'bob', room),
  ]);
  expect(alice.serverUrl).toBe(liveKitUrl);
  const alicePage = await harness.open(browser);
  const bobPage = await harness.open(browser);
  try {
    // Ringing, as the call service does it: alice (the inviter) starts her devices (her own camera shows) and
    // joins with nothing on air, bob prepares.
    await alicePage.evaluate(() => window.rtcHarness.capture(true));
    await alicePage.evaluate((a) => window.rtcHarness.join(a.serverUrl, a.token), alice);
    await bobPage.evaluate((a) => window.rtcHarness.prepare(a.serverUrl, a.token), bob);
    expect(await alicePage.evaluate(() => window.rtcHarness.localKinds())).toEqual(['video']);
    // Bob answers: he connects, and alice goes on air in the room she is in (in the product when his Accept
    // arrives, a message's trip later).
    await Promise.all([
      bobPage.evaluate((a) => window.rtcHarness.connect(a.serverUrl, a.token, true), bob),
      alicePage.evaluate((a) => window.rtcHarness.connect(a.serverUrl, a.token, true), alice),
    ]);

    for (const page of [alicePage, bobPage]) {
      expect(await page.evaluate(() => window.rtcHarness.state())).toBe('connected');
      await expect
        .poll(() => page.evaluate(() => window.rtcHarness.remoteKinds()))
        .toEqual(['audio', 'video']);
      // Its own microphone and camera are on air too (the own video thumbnail).
      await expect
        .poll(() => page.evaluate(() => window.rtcHarness.localKinds()))
        .toEqual(['audio', 'video']);
      await expect
        .poll(async () => {
          const inbound = await page.evaluate(() => window.rtcHarness.inbound());
          const audio = inbound.filter((s) => s.kind === 'audio');
          const video = inbound.filter((s) => s.kind === 'video');
          return {
            audioBytes: audio.some((s) => s.bytesReceived > 0),
            videoBytes: video.some((s) => s.bytesReceived > 0),
            framesDecoded: video.some((s) => s.framesDecoded > 0),
          };
        })
        .toEqual({ audioBytes: true, videoBytes: true, framesDecoded: true });
      await expect.poll(() => page.evaluate(() => window.rtcHarness.firstVideoFrameMs())).toBeGreaterThan(0);
    }
    // docs/benchmarks.md: from bob's answer (his connect(); alice has joined, and goes on air at the same
    // time) to the first remote video frame painted on each side.
    const answeredAt = await bobPage.evaluate(() => window.rtcHarness.connectStartedEpoch());
    for (const [who, page] of [
      ['inviter', alicePage],
      ['receiver', bobPage],
    ] as const) {
      const at = await page.evaluate(() => window.rtcHarness.firstVideoFrameEpoch());
      const ms = at === undefined ? 'none' : (at - answeredAt).toFixed(0);
      test.info().annotations.push({ type: `answer-to-first-remote-frame-ms (${who})`, description: ms });
    }
    const codecs = (await bobPage.evaluate(() => window.rtcHarness.inbound()))
      .filter((s) => s.kind === 'video' && s.bytesReceived > 0)
      .map((s) => s.codec);
    // Spec §7: vp9 preferred, vp8 as backup.
    expect(codecs.some((c) => /vp9|vp8/i.test(c))).toBe(true);

    expect(await alicePage.evaluate(() => window.rtcHarness.remoteMuted('audio'))).toBe(false);
    await bobPage.evaluate(() => window.rtcHarness.setMicrophoneEnabled(false));
    await expect.poll(() => alicePage.evaluate(() => window.rtcHarness.remoteMuted('audio'))).toBe(true);
    await bobPage.evaluate(() => window.rtcHarness.setMicrophoneEnabled(true));
    await expect.poll(() => alicePage.evaluate(() => window.rtcHarness.remoteMuted('audio'))).toBe(false);

    // Bob leaves: alice's adapter ends its side of the one-to-one call by itself.
    await bobPage.evaluate(() => window.rtcHarness.disconnect());
    await expect.poll(() => alicePage.evaluate(() => window.rtcHarness.state())).toBe('disconnected');
  } finally {
    // Rooms are left before the browsers close, so the SFU has nothing to drain.
    for (const page of [alicePage, bobPage]) await page.evaluate(() => window.rtcHarness.disconnect());
    await alicePage.context().close();
    await bobPage.context().close();
  }
});
