/**
 * The page's JS heap after the first sync with nothing of Playwright's in it. Every locator, fill or click
 * (and every `page.evaluate`) runs Playwright's injected scripts in the page, and V8 keeps them for the
 * page's life: about 1.3 MB of the list phase's heap figures (docs/benchmarks.md). Here the sign-in is
 * typed and clicked, and the page watched, through the DevTools protocol alone (`Input.insertText`,
 * `Runtime.evaluate` of a few short expressions), which is what a user's DevTools memory panel would read.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { writeHeapSnapshot } from './recording';
import { EMAIL, NEWEST_NAME, PASSWORD, median, r1 } from './support';

const MB = 1024 * 1024;

async function evaluate<T>(session: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails !== undefined) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value as T;
}

async function until(session: CDPSession, what: string, expression: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await evaluate<boolean>(session, expression))) {
    if (Date.now() > deadline) {
      const shown = await evaluate<string>(
        session,
        `location.href + ' ' + document.body.innerText.slice(0, 300)`,
      );
      throw new Error(`timed out waiting for ${what}; page: ${shown}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Until React has replaced it, the prerendered sign-in page stays in the document: its elements have
// none of React's properties. The form's button, not the tab above the form of the same name.
const LIVE = `((el) => Object.keys(el).some((k) => k.startsWith('__react')))`;
const SIGN_IN_BUTTON = `[...document.querySelectorAll('form button[type="submit"]')].find((b) =>
  ${LIVE}(b) && b.textContent.trim() === 'Sign in')`;

const SYNC_SHOWN = `[...document.querySelectorAll('[role="status"]')].some((el) =>
  /Connecting|Syncing/.test(el.textContent ?? ''))`;

/** Focuses the text box labelled `label` and types `text` into it as the keyboard would. */
async function type(session: CDPSession, label: string, text: string): Promise<void> {
  const found = await evaluate<boolean>(
    session,
    `(() => { const box = [...document.querySelectorAll('input:not([type="radio"])')].find((i) => ${LIVE}(i) &&
        [...(i.labels ?? [])].some((l) => l.textContent.trim() === ${JSON.stringify(label)}));
      box?.focus(); return box !== undefined; })()`,
  );
  if (!found) throw new Error(`no text box labelled ${label}`);
  await session.send('Input.insertText', { text });
}

async function heapMb(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  return (await session.send('Runtime.getHeapUsage')).usedSize / MB;
}

/** Cold sign-ins of the large seed's user, each read after its first sync and ten seconds later. */
export async function heapAlone(browser: Browser, base: string, runs: number, snapshotDir?: string) {
  const afterSync: number[] = [];
  const settled: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A bare context: none of the other phases' init scripts (their WebSocket hook and list milestones).
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    await context.addInitScript({
      content: `localStorage.getItem('IM_LOCALE') ?? localStorage.setItem('IM_LOCALE', 'en-US')`,
    });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Page.enable');
    await session.send('Runtime.enable');
    await session.send('HeapProfiler.enable');
    // Focus follows `focus()` in a page that is not the window's active one, as Playwright has it.
    await session.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    await session.send('Page.navigate', { url: `${base}/login` });
    await until(session, "React's sign-in form", `${SIGN_IN_BUTTON} !== undefined`, 60_000);
    await type(session, 'E-mail', EMAIL);
    await type(session, 'Password', PASSWORD);
    await evaluate(session, `${SIGN_IN_BUTTON}.click()`);
    await until(
      session,
      'the newest conversation on top',
      `document.querySelector('[role="option"][aria-posinset="1"]')?.getAttribute('aria-label')
        ?.startsWith(${JSON.stringify(NEWEST_NAME)}) === true`,
      120_000,
    );
    // As the list phase does: the sync's status line shows, then clears (a short one may pass unseen).
    await until(session, 'the sync to start', SYNC_SHOWN, 60_000).catch(() => undefined);
    await until(session, 'the end of the sync', `!(${SYNC_SHOWN})`, 300_000);
    await heapMb(session);
    afterSync.push(await heapMb(session));
    await new Promise((r) => setTimeout(r, 10_000));
    settled.push(await heapMb(session));
    if (i === 0) await writeHeapSnapshot(page, snapshotDir, 'alone-ten-seconds-later');
    await context.close();
  }
  const mb = (xs: number[]) => ({ median: r1(median(xs)), runs: xs.map(r1) });
  return { afterSyncAndTwoGcs: mb(afterSync), tenSecondsLaterAndGc: mb(settled) };
}
