import { describe, expect, it } from 'vitest';
import { CallState, decidePermission, guardNavigation, isAppUrl, type NavigationTarget } from './guards';

const ORIGIN = 'app://teamim';

class FakeContents implements NavigationTarget {
  readonly listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  on(event: string, listener: (event: { preventDefault(): void }, url: string) => void): void {
    this.listeners.set(event, listener);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  /** Returns whether the navigation was prevented. */
  navigate(url: string, event = 'will-navigate'): boolean {
    let prevented = false;
    this.listeners.get(event)?.({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function setup() {
  const contents = new FakeContents();
  const opened: string[] = [];
  guardNavigation(contents, ORIGIN, (url) => opened.push(url));
  return { contents, opened };
}

describe('navigation guard', () => {
  it('keeps navigation inside the app origin', () => {
    const { contents, opened } = setup();
    expect(contents.navigate('app://teamim/chat')).toBe(false);
    expect(opened).toEqual([]);
  });

  it('sends web links to the system browser instead of navigating, also on redirects', () => {
    const { contents, opened } = setup();
    expect(contents.navigate('https://example.com/page')).toBe(true);
    expect(contents.navigate('http://example.com/', 'will-redirect')).toBe(true);
    expect(opened).toEqual(['https://example.com/page', 'http://example.com/']);
  });

  it('drops non-web schemes and look-alike origins', () => {
    const { contents, opened } = setup();
    expect(contents.navigate('file:///etc/passwd')).toBe(true);
    expect(contents.navigate('app://teamim.evil/')).toBe(true);
    expect(contents.navigate('javascript:alert(1)')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('never opens a second window; web links from window.open go to the browser', () => {
    const { contents, opened } = setup();
    expect(contents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'app://teamim/other' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'smb://share/x' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/']);
  });

  it('compares whole origins', () => {
    expect(isAppUrl('http://127.0.0.1:10002/login', 'http://127.0.0.1:10002')).toBe(true);
    expect(isAppUrl('http://127.0.0.1:10003/', 'http://127.0.0.1:10002')).toBe(false);
    expect(isAppUrl('not a url', ORIGIN)).toBe(false);
  });
});

describe('permission handler', () => {
  const media = (mediaTypes: string[], requestingUrl = 'app://teamim/chat') => ({
    permission: 'media',
    mediaTypes,
    requestingUrl,
  });

  it('grants microphone and camera only while a call is active', () => {
    const calls = new CallState();
    expect(decidePermission(media(['audio', 'video']), ORIGIN, calls)).toBe(false);
    calls.active = true;
    expect(decidePermission(media(['audio']), ORIGIN, calls)).toBe(true);
    expect(decidePermission(media(['audio', 'video']), ORIGIN, calls)).toBe(true);
    calls.active = false;
    expect(decidePermission(media(['audio']), ORIGIN, calls)).toBe(false);
  });

  it('refuses every other permission, even during a call, and other origins', () => {
    const calls = new CallState();
    calls.active = true;
    for (const permission of [
      'geolocation',
      'notifications',
      'clipboard-read',
      'display-capture',
      'openExternal',
    ]) {
      expect(decidePermission({ permission, requestingUrl: 'app://teamim/' }, ORIGIN, calls)).toBe(false);
    }
    expect(decidePermission(media(['audio'], 'https://evil.example/'), ORIGIN, calls)).toBe(false);
    expect(decidePermission(media(['screen']), ORIGIN, calls)).toBe(false);
  });
});
