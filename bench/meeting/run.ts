/**
 * A four-participant meeting on this machine, through the product's UI and a real LiveKit SFU: the cached
 * livekit-server (scripts/livekit.mjs), the local server (`--seed demo` plus a fourth account registered
 * here) serving the built app (`npm run build -w apps/web` first), and four pages of one headless system
 * Chromium (or, with `--browser-each`, one Chromium each) with the fake camera and microphone. Each user
 * signs in through the form and opens a new group; alice presses "Start meeting" in its header, then bob,
 * carol and dave press "Join" on the card, one after the other: bob once alice's camera has been sending
 * alone for `--host-alone` seconds, the others each once the previous one sees everybody's video. Measured:
 *
 *   1. join click → the first frame painted by each remote tile (`requestVideoFrameCallback`), both ways:
 *      what the joiner sees of those already there, and what they see of the joiner; and on the joiner's
 *      way to its first frame, when its room token came, its first remote video track arrived, its first
 *      bytes and decoded frame of remote video, its tile's `<video>` appeared and played; and the host's
 *      camera layers around the joins;
 *   2. over a window (`--window` seconds, after 5 s of settling), per remote tile: frames decoded
 *      (`inbound-rtp` framesDecoded) and painted per second, its resolution and codec; per page the camera
 *      frames encoded per second and why the encoder limits itself;
 *   3. over the same window: CPU time of the browser's processes by type, of the SFU and of the local
 *      server (/proc), each page's main-thread busy time (CDP `Performance.getMetrics` TaskDuration),
 *      the machine's busy share, and the load average before the run.
 *
 * With `--joiner-first` (and `--browser-each`), each joiner's browser has the machine first from its click
 * until everybody sees everybody: the other participants' browsers run at the lowest priority (nice 19,
 * `priority.ts`), as the joiner's own machine would not run them at all; the SFU and the local server keep
 * theirs.
 *
 * With `--key-frames` the SFU logs at debug level, and each joiner's result says, per camera it
 * subscribed to, when the SFU asked the publisher for a key frame and when it forwarded the first one
 * (`sfu-log.ts`): the part of the wait that is the publishers', not the joiner's page.
 *
 * With `--light-others`, bob and carol are light publishers (`light-publishers.ts`): each joins the room
 * with the product's room token and sends the fake camera in one small layer from a bare page, as from a
 * machine of its own, and only dave joins through the product, the host's client beside him on the machine.
 *
 * Usage: npm run bench:meeting -- [--window 25] [--host-alone 12] [--browser-each [--joiner-first]]
 *        [--light-others] [--key-frames] [--json out.json] [--profile-last dave.cpuprofile]
 *        [--trace-last dave.json]
 *        [--chromium /path/to/chromium]
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchChromium, signInAndOpen, until, withDemoStack } from '../demo-page';
import type { spawnServer } from '../spawn-server';
import { adminToken, median, r1 } from '../web/support';
import { chromiumCpuByType, loadAverage, machineCpuMs, processCpuMs } from './cpu';
import { launchedBrowsers, lowerBrowser } from './priority';
import { startLightPublishers } from './light-publishers';
import { mainThreadBusy, md5, perSecond, post, profileFrom, registerFourth, traceFrom } from './pages';
import { keyFrameWaits } from './sfu-log';
import {
  installProbe,
  joinTimes,
  layerChanges,
  remoteTilesWithFrames,
  samplePage,
  type PageSample,
} from './probe';

const { values: args } = parseArgs({
  options: {
    window: { type: 'string', default: '25' },
    'host-alone': { type: 'string', default: '12' },
    // Each participant in a browser of its own (its own GPU process and compositor, as on separate
    // machines) instead of a context of one shared browser.
    'browser-each': { type: 'boolean', default: false },
    'joiner-first': { type: 'boolean', default: false },
    // Bob and carol on machines of their own: light publishers (`light-publishers.ts`) instead of the
    // product in a browser, so that only the host's and the joiner's clients share this machine.
    'light-others': { type: 'boolean', default: false },
    json: { type: 'string' },
    // A CPU profile (DevTools' .cpuprofile) of the last joiner's page, from its click to its first frame
    // (the profiler's overhead is in that page's figures then).
    'profile-last': { type: 'string' },
    // A Chrome trace (chrome://tracing, DevTools' Performance panel) of the last joiner's browser, from
    // its click until it sees everybody: its main thread's tasks, its compositor's frames, the video's.
    'trace-last': { type: 'string' },
    // The SFU at debug level, and from its log each joiner's wait for the others' key frames.
    'key-frames': { type: 'boolean', default: false },
    chromium: { type: 'string' },
  },
});
const WINDOW_MS = Number(args.window) * 1000;
if (args['joiner-first'] && !args['browser-each']) throw new Error('--joiner-first needs --browser-each');
interface Participant {
  readonly name: string;
  readonly userID: string;
  page?: Page;
}

async function main(): Promise<void> {
  const adminSecret = randomBytes(12).toString('hex');
  if (args['key-frames']) process.env['TEAMIM_LIVEKIT_LOG_LEVEL'] = 'debug';
  try {
    await withDemoStack(
      { serverArgs: ['--admin-secret', adminSecret], chromiumPath: args.chromium },
      ({ browser, server, sfu, loadBefore }) => measure(browser, server, sfu, adminSecret, loadBefore),
    );
  } finally {
    await Promise.all(otherBrowsers.map((b) => b.close().catch(() => undefined)));
  }
}

/** With `--browser-each`, the browsers of the participants after the host. */
const otherBrowsers: Browser[] = [];

async function measure(
  browser: Browser,
  server: Awaited<ReturnType<typeof spawnServer>>,
  sfu: { readonly pid: number | undefined; readonly logFile: string },
  adminSecret: string,
  loadBefore: string,
): Promise<void> {
  const excluded = [server.proc.pid ?? 0, sfu.pid ?? 0];
  const people: Participant[] = [
    { name: 'alice', userID: '1000000001' },
    { name: 'bob', userID: '1000000002' },
    { name: 'carol', userID: '1000000003' },
    { name: 'dave', userID: await registerFourth(server.url, 'dave') },
  ];
  const group = `Meeting bench ${Date.now().toString(36)}`;
  const [host, ...guests] = people as [Participant, ...Participant[]];
  const light = args['light-others'] ? guests.slice(0, 2) : [];
  const clients = people.filter((p) => !light.includes(p));
  const joiners = guests.filter((p) => !light.includes(p));
  await post(
    `${server.url}/api/group/create_group`,
    {
      ownerUserID: host.userID,
      memberUserIDs: guests.map((p) => p.userID),
      adminUserIDs: [],
      groupInfo: { groupName: group, groupType: 2 },
    },
    await adminToken(server.url, adminSecret),
  );
  // Each participant's browser process, to give the joiner's the machine first.
  const rootOf = new Map<Participant, number | undefined>();
  const [stackBrowser] = launchedBrowsers();
  for (const p of clients) {
    const known = launchedBrowsers();
    const own = args['browser-each'] && p !== host ? await launchChromium(args.chromium) : browser;
    if (own !== browser) otherBrowsers.push(own);
    rootOf.set(p, own === browser ? stackBrowser : launchedBrowsers().find((pid) => !known.includes(pid)));
    p.page = await signInAndOpen(own, server.url, p.name, group, (context) =>
      context.addInitScript(installProbe, {
        selfID: p.userID,
        // The host's layers, from before it is alone until all have joined.
        traceSeconds: p === host ? Number(args['host-alone']) + 40 : 0,
      }),
    );
  }
  console.log(`${clients.length} signed in (load ${loadAverage()}); ${host.name} starts the meeting`);
  const pageOf = (p: Participant): Page => p.page ?? (undefined as never);
  const prioritise = (joiner: Participant | undefined): void => {
    if (!args['joiner-first']) return;
    for (const p of clients) {
      const root = rootOf.get(p);
      if (root === undefined) throw new Error(`no browser process found for ${p.name}`);
      lowerBrowser(root, joiner !== undefined && p !== joiner);
    }
  };

  const roomAsked = pageOf(host).waitForRequest((r) => r.url().endsWith('/user/rtc/get_token'));
  await pageOf(host).getByRole('button', { name: 'Start meeting' }).click();
  const room = ((await roomAsked).postDataJSON() as { room: string }).room;
  await pageOf(host)
    .getByRole('region', { name: /^Meeting: / })
    .waitFor({ timeout: 60_000 });
  // The first joiner comes to a meeting already running: the host's camera is sending, and has been
  // alone for a while (long enough, by default, for the SFU to have paused the layers nobody watched).
  await until(`${host.name}'s camera sending`, async () =>
    (await samplePage(pageOf(host))).sent.layers.some((l) => l.framesEncoded > 0),
  );
  await new Promise((r) => setTimeout(r, Number(args['host-alone']) * 1000));
  const inMeeting: Participant[] = [host, ...light];
  let lightRoot: number | undefined;
  const lightCpu = (): number =>
    lightRoot === undefined ? 0 : Object.values(chromiumCpuByType(lightRoot, [])).reduce((a, b) => a + b, 0);
  if (light.length > 0) {
    const known = launchedBrowsers();
    const publishers = await launchChromium(args.chromium);
    otherBrowsers.push(publishers);
    lightRoot = launchedBrowsers().find((pid) => !known.includes(pid));
    const accounts = light.map((p) => ({
      userID: p.userID,
      email: `${p.name}@example.com`,
      password: md5(DEMO_PASSWORD),
    }));
    await startLightPublishers(publishers, server.url, room, accounts);
    await until(
      'the light publishers on the host page',
      async () => (await remoteTilesWithFrames(pageOf(host))) >= light.length,
    );
    console.log(`${light.map((p) => p.name).join(' and ')} publishing from light pages`);
  }
  for (const guest of joiners) {
    const page = pageOf(guest);
    const last = guest === joiners.at(-1);
    const profile = last ? await profileFrom(page, args['profile-last']) : undefined;
    const trace = last ? await traceFrom(page, args['trace-last'], inMeeting.length) : undefined;
    prioritise(guest);
    await page.getByRole('log', { name: 'Messages' }).getByRole('button', { name: 'Join' }).last().click();
    await profile?.();
    await trace?.();
    const present = inMeeting.length;
    inMeeting.push(guest);
    // Everybody's video reaches everybody before the next one joins.
    for (const p of inMeeting.filter((x) => !light.includes(x)))
      await until(
        `${p.name}'s remote video`,
        async () => (await remoteTilesWithFrames(pageOf(p))) >= present,
      );
    console.log(`${guest.name} joined; ${inMeeting.length} in the meeting`);
  }
  // The window measures the meeting as it runs, every browser alike.
  prioritise(undefined);

  const times = await Promise.all(
    people.map((p) => (light.includes(p) ? Promise.resolve(undefined) : joinTimes(pageOf(p)))),
  );
  const join = joiners.map((guest) => {
    const g = people.indexOf(guest);
    const clickAt = times[g]?.clickAt ?? Number.NaN;
    const before = people.slice(0, g);
    const sees = before.map((p) => (times[g]?.firstFrame[p.userID] ?? Number.NaN) - clickAt);
    const seen = before
      .filter((p) => !light.includes(p))
      .map((p) => (times[people.indexOf(p)]?.firstFrame[guest.userID] ?? Number.NaN) - clickAt);
    const steps = times[g]?.steps ?? {};
    return {
      joiner: guest.name,
      alreadyThere: before.length,
      // What the joiner's page saw on its way to the first frame, ms from the click.
      stepsMs: Object.fromEntries(
        Object.entries(steps).map(([step, at]) => [step, Math.round((at ?? Number.NaN) - clickAt)]),
      ),
      firstRemoteFrameMs: Math.round(Math.min(...sees)),
      allRemoteFramesMs: Math.round(Math.max(...sees)),
      seenByAllMs: Math.round(Math.max(...seen)),
      ...(args['key-frames']
        ? {
            keyFrames: keyFrameWaits(
              sfu.logFile,
              guest.userID,
              clickAt,
              before.map((p) => p.userID),
            ),
          }
        : {}),
    };
  });
  console.log('join:', JSON.stringify(join));
  // The host's camera layers around the joins: whether the SFU had them paused when the first one came.
  const hostLayers = layerChanges(
    times[0]?.sentTrace ?? [],
    times[people.indexOf(joiners[0] ?? host)]?.clickAt ?? 0,
  );

  await new Promise((r) => setTimeout(r, 5_000));
  const browserPid = process.pid;
  const cpu0 = {
    browser: chromiumCpuByType(browserPid, excluded),
    sfu: processCpuMs(sfu.pid ?? 0),
    server: processCpuMs(server.proc.pid ?? 0),
    machine: machineCpuMs(),
    light: lightCpu(),
    tasks: await Promise.all(clients.map((p) => mainThreadBusy(pageOf(p)))),
    samples: await Promise.all(clients.map((p) => samplePage(pageOf(p)))),
  };
  const loadAtWindow = loadAverage();
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  const samples = await Promise.all(clients.map((p) => samplePage(pageOf(p))));
  const tasks = await Promise.all(cpu0.tasks.map((busy) => busy()));
  const browserCpu = chromiumCpuByType(browserPid, excluded);
  const machine = machineCpuMs();
  const lightPublishersCpu = lightCpu() - cpu0.light;
  const sfuCpu = processCpuMs(sfu.pid ?? 0) - cpu0.sfu;
  const serverCpu = processCpuMs(server.proc.pid ?? 0) - cpu0.server;
  const seconds = WINDOW_MS / 1000;
  const share = (ms: number): number => r1(ms / 10 / seconds); // percent of one core
  const byType = Object.fromEntries(
    Object.entries(browserCpu).map(([type, ms]) => [type, share(ms - (cpu0.browser[type] ?? 0))]),
  );
  const nameOf = (id: string): string => people.find((p) => p.userID === id)?.name ?? id;
  const pages = clients.map((p, i) => {
    const rates = perSecond(cpu0.samples[i] as PageSample, samples[i] as PageSample);
    return {
      page: p.name,
      mainThreadPercentOfCore: share(tasks[i] ?? Number.NaN),
      ...rates,
      tiles: rates.tiles.map(({ userID, ...t }) => ({ from: nameOf(userID), ...t })),
    };
  });
  const decoded = pages.flatMap((p) => p.tiles.map((t) => t.decodedFps));
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      chromium: browser.version(),
      browsers: args['browser-each'] ? clients.length : 1,
      lightPublishers: light.map((p) => p.name),
      joinerFirst: args['joiner-first'],
      loadBefore,
      loadAtWindow,
    },
    windowSeconds: seconds,
    join,
    hostLayersFromFirstJoinClick: hostLayers,
    pages,
    medianDecodedFpsPerTile: median(decoded),
    cpuPercentOfOneCore: {
      browserByType: byType,
      browserTotal: r1(Object.values(byType).reduce((a, b) => a + b, 0)),
      ...(light.length > 0 ? { ofWhichLightPublishers: share(lightPublishersCpu) } : {}),
      sfu: share(sfuCpu),
      server: share(serverCpu),
      machineBusyPercentOfAllCores: r1(
        (100 * (machine.busy - cpu0.machine.busy)) / (machine.total - cpu0.machine.total),
      ),
    },
  };
  if (args.json) writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
