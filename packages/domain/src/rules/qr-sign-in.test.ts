import { describe, expect, it } from 'vitest';
import { classifyServerError } from '../errors/server-errors';
import {
  describeUserAgent,
  pathAfterSignIn,
  qrCodeFromFragment,
  qrCodeFromScan,
  qrRequestTime,
  qrSignInLink,
  QR_SIGN_IN_ROUTE,
} from './qr-sign-in';

const CODE = 'Ab3_-defGHIjklMNOpqrSTUvwxYZ0123';

describe('sign-in by QR code', () => {
  it('links to the confirm route with the code in the fragment, never in the path or query', () => {
    const link = qrSignInLink('https://chat.example.com/app/', CODE);
    expect(link).toBe(`https://chat.example.com/app${QR_SIGN_IN_ROUTE}#code=${CODE}`);
    expect(new URL(link).search).toBe('');
  });

  it('after signing in, returns to a sign-in link the guard interrupted, and to the chats otherwise', () => {
    expect(pathAfterSignIn(`${QR_SIGN_IN_ROUTE}#code=${CODE}`)).toBe(`/link-device#code=${CODE}`);
    for (const elsewhere of [
      undefined,
      '/chat/si_alice_bob',
      '/contact',
      `https://evil.example${QR_SIGN_IN_ROUTE}#code=${CODE}`,
      `//evil.example${QR_SIGN_IN_ROUTE}#code=${CODE}`,
      `${QR_SIGN_IN_ROUTE}/../chat#code=${CODE}`,
      { pathname: QR_SIGN_IN_ROUTE },
    ]) {
      expect(pathAfterSignIn(elsewhere)).toBe('/chat');
    }
  });

  it('reads the code back from a scanned link of any host, or from a bare code', () => {
    expect(qrCodeFromScan(qrSignInLink('http://127.0.0.1:10002', CODE))).toBe(CODE);
    expect(qrCodeFromScan(`  ${CODE}\n`)).toBe(CODE);
    expect(qrCodeFromFragment(`#code=${CODE}`)).toBe(CODE);
    expect(qrCodeFromFragment(`#from=desktop&code=${CODE}`)).toBe(CODE);
    expect(qrCodeFromScan(`https://chat.example.com/app${QR_SIGN_IN_ROUTE}?lang=en#code=${CODE}`)).toBe(CODE);
  });

  it('refuses what is not a sign-in code', () => {
    for (const text of [
      '',
      'hello',
      CODE.slice(1),
      `${CODE}x`,
      `https://evil.example/phish#code=${CODE}`,
      `https://chat.example.com${QR_SIGN_IN_ROUTE}?code=${CODE}`,
      `https://chat.example.com${QR_SIGN_IN_ROUTE}#code=${CODE.slice(2)}!!`,
      'javascript:alert(1)',
    ]) {
      expect(qrCodeFromScan(text)).toBeUndefined();
    }
    expect(qrCodeFromFragment('#code=')).toBeUndefined();
  });

  it('names the browser and the system, without versions', () => {
    const chromeLinux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(describeUserAgent(chromeLinux)).toBe('Chrome · Linux');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36 Edg/131',
      ),
    ).toBe('Edge · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605 Version/17 Safari/605',
      ),
    ).toBe('Safari · macOS');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh) Gecko/20100101 Firefox/133.0')).toBe('Firefox · macOS');
    expect(describeUserAgent('curl/8')).toBe('');
  });

  it('says the time asked as HH:mm in the given time zone', () => {
    const at = Date.UTC(2026, 0, 15, 9, 5);
    expect(qrRequestTime(at, 480)).toBe('17:05');
    expect(qrRequestTime(at, -300)).toBe('04:05');
  });

  it("the server's refusals have texts of ours in both locales", () => {
    expect(classifyServerError(20301).display).toEqual({ kind: 'i18n', i18nKey: 'error.qr.notFound' });
    expect(classifyServerError(20302).display).toEqual({ kind: 'i18n', i18nKey: 'error.qr.expired' });
    expect(classifyServerError(20303).display).toEqual({ kind: 'i18n', i18nKey: 'error.qr.taken' });
  });
});
