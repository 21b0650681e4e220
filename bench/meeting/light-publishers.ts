/**
 * Participants who publish a camera from "machines of their own": livekit-client in a bare page of one
 * extra Chromium, each with a room token from the chat API as the product asks for it, the fake camera
 * at 320x180 and 20 frames per second in one layer (the lowest layer of the product's simulcast, the one a
 * joiner's subscription starts at), and no subscriptions. Such a page costs this machine a fraction of
 * what a participant's full client does (it encodes one small layer and decodes nothing), so it answers
 * the SFU's request for a key frame at its next frame, as a participant's own machine would.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type * as LiveKit from 'livekit-client';
import type { Browser, Page } from 'playwright-core';
import { post } from './pages';

// The package's ES module build: one file, no imports of its own.
const LIVEKIT_ESM = readFileSync(fileURLToPath(import.meta.resolve('livekit-client')), 'utf8');

/** The room token the product's own join would get: the user's chat sign-in, then the RTC token call. */
async function roomToken(
  base: string,
  who: { readonly email: string; readonly password: string; readonly userID: string },
  room: string,
): Promise<{ serverUrl: string; token: string }> {
  const { chatToken } = await post<{ chatToken: string }>(`${base}/chat/account/login`, {
    email: who.email,
    password: who.password,
    platform: 5,
  });
  return post(`${base}/chat/user/rtc/get_token`, { room, identity: who.userID }, chatToken);
}

let served: Promise<string> | undefined;

/** Serves the publishers' page and livekit-client from loopback, once per run; resolves with its origin. */
function serveLightPage(): Promise<string> {
  served ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const script = req.url === '/livekit-client.mjs';
      res.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' });
      res.end(script ? LIVEKIT_ESM : '<!doctype html><title>light publisher</title>');
    });
    server.unref();
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    });
  });
  return served;
}

/**
 * Joins `room` as each of `who` from a page of `browser` and publishes the camera; resolves once each is
 * publishing.
 */
export async function startLightPublishers(
  browser: Browser,
  base: string,
  room: string,
  who: readonly { readonly email: string; readonly password: string; readonly userID: string }[],
): Promise<Page[]> {
  // A page of its own origin on loopback: Chromium lets a page reach the SFU on loopback only from there.
  const origin = await serveLightPage();
  const context = await browser.newContext();
  await context.grantPermissions(['camera', 'microphone']);
  return Promise.all(
    who.map(async (person) => {
      const access = await roomToken(base, person, room);
      const page = await context.newPage();
      await page.goto(origin);
      await page.evaluate(
        async ({ url, token }) => {
          const lk = (await import(`${location.origin}/livekit-client.mjs`)) as typeof LiveKit;
          const lkRoom = new lk.Room({ adaptiveStream: false, dynacast: false });
          await lkRoom.connect(url, token, { autoSubscribe: false });
          const camera = await lk.createLocalVideoTrack({
            resolution: { width: 320, height: 180, frameRate: 20 },
          });
          await lkRoom.localParticipant.publishTrack(camera, { simulcast: false, videoCodec: 'vp8' });
        },
        { url: access.serverUrl, token: access.token },
      );
      return page;
    }),
  );
}
