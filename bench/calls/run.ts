/**
 * One-to-one video calls on this machine, through the product's UI and a real LiveKit SFU: the cached
 * livekit-server (scripts/livekit.mjs), the local server (`--seed demo`) serving the built app
 * (`npm run build -w apps/web` first), and two pages of one headless system Chromium with the fake camera
 * and microphone. Alice rings Bob by video `--calls` times; each time Bob answers once the call has rung for
 * `--ring` seconds (the room is made ready while ringing), then Alice hangs up. Measured from Bob's click
 * on Answer (its dispatch in the page), for each side: the remote video's track arriving, its first bytes
 * and decoded frame, the overlay's video element, the first frame it paints, and the first frame the
 * side's own camera encodes.
 *
 * Usage: npm run bench:calls -- [--calls 10] [--ring 3] [--browser-each] [--json out.json]
 *        [--chromium /path/to/chromium]
 */
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, signInAndOpen, until, withDemoStack } from '../demo-page';
import { loadAverage } from '../meeting/cpu';
import { median } from '../web/support';
import { callSteps, installCallProbe, resetCallSteps, type CallStep } from './probe';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '10' },
    ring: { type: 'string', default: '3' },
    // Bob in a Chromium of his own (its own GPU process, network and audio service, as on a machine of
    // his own) instead of a second context of the one browser.
    'browser-each': { type: 'boolean', default: false },
    json: { type: 'string' },
    chromium: { type: 'string' },
  },
});
const CALLS = Number(args.calls);
const RING_MS = Number(args.ring) * 1000;
const STEPS: readonly CallStep[] = [
  'remoteTrack',
  'firstBytes',
  'firstDecoded',
  'videoElement',
  'firstPainted',
  'ownFirstEncoded',
];

type Side = Partial<Record<CallStep, number>>;

interface CallResult {
  /** Bob's steps, ms from his click on Answer. */
  readonly receiver: Side;
  /** Alice's steps, ms from Bob's click on Answer. */
  readonly inviter: Side;
  /** The load average when Bob answered. */
  readonly load: string;
}

/** One call: ring, answer after the ring time, both first frames painted, hang up, both overlays gone. */
async function oneCall(alice: Page, bob: Page): Promise<CallResult> {
  await alice
    .getByRole('group', { name: 'Conversation actions' })
    .getByRole('button', { name: 'Video call' })
    .click();
  const bobCall = bob.getByRole('dialog', { name: 'Video call' });
  await bobCall.getByRole('button', { name: 'Answer' }).waitFor({ timeout: 30_000 });
  await new Promise((r) => setTimeout(r, RING_MS));
  const load = loadAverage();
  // What happened while it rang (transceivers made ready, say) is not part of the answer's path.
  await Promise.all([resetCallSteps(alice), resetCallSteps(bob)]);
  await bobCall.getByRole('button', { name: 'Answer' }).click();
  const painted = async (page: Page): Promise<boolean> => (await callSteps(page)).firstPainted !== undefined;
  await until("bob's first remote frame", () => painted(bob), 60_000, 50);
  await until("alice's first remote frame", () => painted(alice), 60_000, 50);
  // A moment more, for the steps that may come after the first frame (the own encoder's).
  await new Promise((r) => setTimeout(r, 500));
  const [receiver, inviter] = await Promise.all([callSteps(bob), callSteps(alice)]);
  const click = receiver.answerClick ?? Number.NaN;
  const fromClick = (side: Side): Side =>
    Object.fromEntries(STEPS.map((step) => [step, Math.round((side[step] ?? Number.NaN) - click)]));
  await alice.getByRole('dialog', { name: 'Video call' }).getByRole('button', { name: 'Hang up' }).click();
  await until('both overlays closed', async () => (await bobCall.count()) === 0, 30_000, 50);
  await new Promise((r) => setTimeout(r, 2_000));
  return { receiver: fromClick(receiver), inviter: fromClick(inviter), load };
}

async function main(): Promise<void> {
  await withDemoStack({ chromiumPath: args.chromium }, async ({ browser, server, loadBefore }) => {
    const probe = (context: BrowserContext) => context.addInitScript(installCallProbe);
    const alice = await signInAndOpen(browser, server.url, 'alice', 'bob', probe);
    const bobBrowser = args['browser-each'] ? await launchChromium(args.chromium) : browser;
    const bob = await signInAndOpen(bobBrowser, server.url, 'bob', 'alice', probe);
    console.log(`both signed in (load ${loadAverage()}); ${CALLS} video calls`);
    const calls: CallResult[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const call = await oneCall(alice, bob);
      console.log(
        `call ${i + 1}: receiver ${call.receiver.firstPainted} ms, inviter ${call.inviter.firstPainted} ms (load ${call.load})`,
      );
      calls.push(call);
    }
    const medians = (pick: (c: CallResult) => Side) =>
      Object.fromEntries(STEPS.map((step) => [step, median(calls.map((c) => pick(c)[step] ?? Number.NaN))]));
    const result = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        chromium: browser.version(),
        browsers: bobBrowser === browser ? 1 : 2,
        loadBefore,
      },
      ringSeconds: RING_MS / 1000,
      medianMsFromAnswerClick: { receiver: medians((c) => c.receiver), inviter: medians((c) => c.inviter) },
      callsWithBothPaintedWithin1s: calls.filter(
        (c) => (c.receiver.firstPainted ?? Infinity) <= 1000 && (c.inviter.firstPainted ?? Infinity) <= 1000,
      ).length,
      calls,
    };
    if (args.json) writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify({ ...result, calls: undefined }, null, 2));
    if (bobBrowser !== browser) await bobBrowser.close();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
