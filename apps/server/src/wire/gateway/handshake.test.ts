import { describe, expect, it } from 'vitest';
import { WsErrCode } from '../contract';
import { HandshakeError, parseQuery, verifyHandshake } from './handshake';
import { noopLogger } from './options';

const GOOD = 'sendID=u1&token=t&platformID=5&operationID=op&isMsgResp=true&compression=gzip';
const parse = (query: string, headers: Record<string, string> = {}) =>
  parseQuery(new URL(`http://localhost/ws?${query}`), { headers });

describe('handshake query', () => {
  it("accepts the SDK's query", () => {
    expect(parse(GOOD)).toEqual({
      isMsgResp: true,
      info: { sendID: 'u1', token: 't', platformID: 5, operationID: 'op', isMsgResp: true, compress: true },
    });
    expect(
      parse('sendID=u1&token=t&platformID=5&operationID=op', { compression: 'gzip' }).info?.compress,
    ).toBe(true);
  });

  it.each([
    ['isMsgResp=maybe&sendID=u1&token=t&platformID=5&operationID=op', 'isMsgResp is not bool'],
    ['sendID=u1&token=t&platformID=x&operationID=op', 'platformID is not int'],
    ['sendID=u1&token=t&platformID=12&operationID=op', 'platformID is invalid'],
    ['sendID=u1&token=t&platformID=5&operationID=op&isBackground=2', 'isBackground is not bool'],
    ['sendID=u1&token=t&platformID=5', 'operationID is empty'],
    ['sendID=u1&platformID=5&operationID=op', 'token is empty'],
    ['token=t&platformID=5&operationID=op', 'sendID is empty'],
    [`${GOOD}&sdkType=js`, 'sdkType js (JSON frames) is not supported'],
  ])('refuses %s with 1602 (%s)', (query, detail) => {
    const { error } = parse(query);
    expect(error).toMatchObject({ errCode: WsErrCode.ConnArgsErr, errDlt: detail });
  });

  it('keeps isMsgResp of a refused query, which decides how the refusal is sent', () => {
    expect(parse('isMsgResp=true&sendID=u1').isMsgResp).toBe(true);
    expect(parse('sendID=u1').isMsgResp).toBe(false);
  });
});

describe('handshake token', () => {
  const info = parse(GOOD).info!;

  it("passes the verifier's identity and forwards its error as is", async () => {
    expect(await verifyHandshake(() => ({ userID: 'u1', platformID: 5 }), info, noopLogger)).toEqual({
      userID: 'u1',
      platformID: 5,
    });
    await expect(
      verifyHandshake(
        () => Promise.resolve({ errCode: 1501, errMsg: 'TokenExpiredError' }),
        info,
        noopLogger,
      ),
    ).rejects.toMatchObject({ errCode: 1501, errMsg: 'TokenExpiredError' });
  });

  it('refuses a token of another user or platform with 1502 and a throwing verifier with 500', async () => {
    await expect(
      verifyHandshake(() => ({ userID: 'u2', platformID: 5 }), info, noopLogger),
    ).rejects.toMatchObject({ errCode: WsErrCode.TokenInvalid });
    await expect(
      verifyHandshake(() => ({ userID: 'u1', platformID: 3 }), info, noopLogger),
    ).rejects.toMatchObject({ errCode: WsErrCode.TokenInvalid });
    const thrown = await verifyHandshake(
      () => {
        throw new Error('db gone');
      },
      info,
      noopLogger,
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(HandshakeError);
    expect(thrown).toMatchObject({ errCode: WsErrCode.ServerInternalError });
  });
});
