import { describe, expect, it } from 'vitest';
import { ConfigError, envOverrides, fetchConfigJson, parseOverrides, resolveConfig } from './config';

describe('client configuration', () => {
  it('defaults to the page origin for the API, the gateway and the chat API, platform 5', () => {
    expect(resolveConfig('http://127.0.0.1:10002/some/page')).toMatchObject({
      apiAddr: 'http://127.0.0.1:10002/api',
      wsAddr: 'ws://127.0.0.1:10002/ws',
      chatAddr: 'http://127.0.0.1:10002/chat',
      platformID: 5,
      openimAssetsBase: '/openim/',
    });
    expect(resolveConfig('https://im.example.com').wsAddr).toBe('wss://im.example.com/ws');
  });

  it('later layers win: environment, then config.json', () => {
    const env = envOverrides({
      VITE_API_ADDR: 'http://a.example/api',
      VITE_PLATFORM_ID: '7',
      VITE_WS_ADDR: '',
    });
    const json = parseOverrides({ apiAddr: 'https://b.example/api/', unknown: 1 }, 'config.json');
    const config = resolveConfig('http://localhost:5173', env, json);
    expect(config.apiAddr).toBe('https://b.example/api');
    expect(config.platformID).toBe(7);
    expect(config.wsAddr).toBe('ws://localhost:5173/ws');
  });

  it('refuses malformed values with a typed error', () => {
    expect(() => parseOverrides({ wsAddr: 'http://x/ws' }, 'config.json')).toThrow(ConfigError);
    expect(() => parseOverrides({ chatAddr: 'not a url' }, 'config.json')).toThrow(/chatAddr is not a URL/);
    expect(() => parseOverrides({ platformID: 99 }, 'config.json')).toThrow(/platformID/);
    expect(() => parseOverrides({ livekitUrl: 'https://lk.example' }, 'config.json')).toThrow(/livekitUrl/);
    expect(() => parseOverrides({ userSearchPath: 'http://x/y' }, 'config.json')).toThrow(/userSearchPath/);
    expect(() => parseOverrides({ features: { wallet: 'yes' } }, 'config.json')).toThrow(/features.wallet/);
    expect(() => parseOverrides([1], 'config.json')).toThrow(ConfigError);
  });

  it('accepts only the platform ids every OpenIM 3.8 + chat 1.8 deployment signs users in on: 1-9', () => {
    for (const id of [1, 5, 6, 9]) expect(parseOverrides({ platformID: id }, 'c').platformID).toBe(id);
    // 10 is the admin platform (OpenIM answers 1002); chat up to v1.8.4-patch.2 refuses 11 with 1001.
    for (const id of [0, 10, 11, 12, 2.5])
      expect(() => parseOverrides({ platformID: id }, 'c')).toThrow(/platformID/);
    expect(() => parseOverrides({ platformID: '11' }, 'VITE_PLATFORM_ID')).toThrow(/1-9/);
  });

  it('reads the LiveKit address, a search route and the feature switches from config.json', () => {
    const json = parseOverrides(
      {
        livekitUrl: 'wss://rtc.example.com/',
        userSearchPath: '/user/search/public',
        features: { wallet: false },
      },
      'config.json',
    );
    const config = resolveConfig('https://im.example.com', json);
    expect(config.livekitUrl).toBe('wss://rtc.example.com');
    expect(config.userSearchPath).toBe('/user/search/public');
    expect(config.features).toEqual({ wallet: false, calls: 'auto' });
    expect(resolveConfig('https://im.example.com').features).toEqual({ wallet: 'auto', calls: 'auto' });
  });

  it('calls ring 30 s unless config.json says otherwise, within 5-120 whole seconds', () => {
    expect(resolveConfig('https://im.example.com').callTimeoutSeconds).toBe(30);
    const json = parseOverrides({ callTimeoutSeconds: 5 }, 'config.json');
    expect(resolveConfig('https://im.example.com', json).callTimeoutSeconds).toBe(5);
    expect(parseOverrides({ callTimeoutSeconds: 120 }, 'c').callTimeoutSeconds).toBe(120);
    for (const bad of [4, 121, 7.5, '10', null])
      expect(() => parseOverrides({ callTimeoutSeconds: bad }, 'c')).toThrow(/callTimeoutSeconds/);
  });

  it('config.json is optional: missing or an HTML fallback means no overrides, broken JSON is an error', async () => {
    const answer =
      (body: string, contentType: string, status = 200) =>
      () =>
        Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } }));
    expect(await fetchConfigJson(answer('', 'text/plain', 404), '/config.json')).toEqual({});
    expect(await fetchConfigJson(answer('<!doctype html>', 'text/html'), '/config.json')).toEqual({});
    expect(
      await fetchConfigJson(answer('{"chatAddr":"http://c.example/chat"}', 'application/json'), '/c'),
    ).toEqual({
      chatAddr: 'http://c.example/chat',
    });
    await expect(fetchConfigJson(answer('{', 'application/json'), '/c')).rejects.toThrow(ConfigError);
    expect(await fetchConfigJson(() => Promise.reject(new TypeError('offline')), '/c')).toEqual({});
  });
});
