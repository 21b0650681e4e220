import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { decodeRequest, encodeResponse } from './frames';

export interface StandinServer {
  readonly port: number;
  readonly apiAddr: string;
  readonly wsAddr: string;
  /** What the SDK asked for, in order: `http <path> <body>` and `ws <ReqIdentifier>`. */
  readonly requests: string[];
  userToken(userID: string, platformID: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * A stand-in that answers like the "empty but valid" run of the observed login (r2): the WS handshake,
 * empty successes for every WS request and `data:{}` for every HTTP call. It brings the SDK through
 * login and sync and nothing more; it exists to test the harness itself, never to pass a scenario.
 */
export async function startStandinServer(): Promise<StandinServer> {
  const requests: string[] = [];
  const http = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push(`http ${req.url ?? ''} ${body}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: {} }));
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const expected = `standin:${query.get('sendID') ?? ''}:${query.get('platformID') ?? ''}`;
      if (query.get('token') !== expected) {
        ws.send(JSON.stringify({ errCode: 1501, errMsg: 'TokenExpiredError', errDlt: '' }));
        ws.close();
        return;
      }
      ws.send(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '' }));
      ws.on('message', (data: Buffer) => {
        const request = decodeRequest(data);
        requests.push(`ws ${request.ReqIdentifier}`);
        ws.send(
          encodeResponse({
            ReqIdentifier: request.ReqIdentifier,
            MsgIncr: request.MsgIncr,
            OperationID: request.OperationID,
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    port,
    apiAddr: `http://127.0.0.1:${port}/api`,
    wsAddr: `ws://127.0.0.1:${port}/ws`,
    requests,
    userToken: (userID, platformID) => Promise.resolve(`standin:${userID}:${platformID}`),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  };
}
