import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { liveKitHttpUrl, LiveKitServerProbe } from './livekit-server-probe';

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('LiveKitServerProbe', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(close));
  });

  it('reaches a server that answers on the signalling port, whatever it answers', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.writeHead(404).end();
    });
    servers.push(server);
    const port = await listen(server);
    expect(await new LiveKitServerProbe().reachable(`ws://127.0.0.1:${port}`)).toBe(true);
    expect(seen).toEqual(['GET /']);
  });

  it('finds nothing at a closed port, an unknown scheme or a server that never answers', async () => {
    const gone = createServer();
    const closedPort = await listen(gone);
    await close(gone);
    expect(await new LiveKitServerProbe().reachable(`ws://127.0.0.1:${closedPort}`)).toBe(false);
    expect(await new LiveKitServerProbe().reachable('not a url')).toBe(false);
    expect(await new LiveKitServerProbe().reachable('https://rtc.example.com')).toBe(false);
    const silent = createServer(() => undefined);
    servers.push(silent);
    const silentPort = await listen(silent);
    expect(await new LiveKitServerProbe(undefined, 200).reachable(`ws://127.0.0.1:${silentPort}`)).toBe(
      false,
    );
    silent.closeAllConnections();
  });

  it('asks over http(s) where the room token says ws(s), keeping the path', () => {
    expect(liveKitHttpUrl('wss://rtc.example.com/livekit?x=1')).toBe('https://rtc.example.com/livekit');
    expect(liveKitHttpUrl('ws://127.0.0.1:7880')).toBe('http://127.0.0.1:7880/');
  });
});
