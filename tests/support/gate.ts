import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One held request: `arrived` resolves when the SDK sent it, `release()` lets it through. */
interface Hold {
  readonly arrived: Promise<void>;
  release(): void;
}

/**
 * An HTTP pass-through in front of the test server's API, so a scenario can hold one SDK request back
 * and make something happen between two steps of the SDK's sync (a race that timing alone hits only
 * sometimes). Only the API goes through it; the WebSocket stays direct, so pushes are not delayed.
 */
export interface Gate {
  readonly apiAddr: string;
  /** Holds the next request whose path ends with `pathSuffix` (forwarded once released). */
  hold(pathSuffix: string): Hold;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startGate(targetApiAddr: string): Promise<Gate> {
  const holds: { suffix: string; arrive: () => void; released: Promise<void> }[] = [];
  const http = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const index = holds.findIndex((h) => path.endsWith(h.suffix));
      if (index >= 0) {
        const [held] = holds.splice(index, 1);
        held?.arrive();
        await held?.released;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
          headers.set(name, value);
      const answer = await fetch(`${targetApiAddr}${req.url ?? '/'}`, {
        method: req.method ?? 'POST',
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      });
      res.statusCode = answer.status;
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding')
          res.setHeader(name, value);
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      res.statusCode = 502;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    apiAddr: `http://127.0.0.1:${port}`,
    hold(suffix) {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ suffix, arrive, released });
      return { arrived, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
