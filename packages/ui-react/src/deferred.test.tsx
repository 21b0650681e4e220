import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, useMenuOnRequest } from './deferred';

function Greeting({ name }: { readonly name: string }) {
  return <p>hello {name}</p>;
}

/** A chunk whose load the test finishes by hand. */
function manualChunk() {
  let finish: () => void = () => undefined;
  const loaded = new Promise<typeof Greeting>((resolve) => {
    finish = () => resolve(Greeting);
  });
  return { part: deferred(() => loaded), finish };
}

describe('deferred', () => {
  it('suspends until its code is there, then renders it', async () => {
    const { part, finish } = manualChunk();
    render(
      <Suspense fallback={<p>loading</p>}>
        <part.Component name="ada" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    act(() => finish());
    expect(await screen.findByText('hello ada')).toBeTruthy();
  });

  it('renders in the same pass, with no fallback, once its code was loaded ahead', async () => {
    const { part, finish } = manualChunk();
    finish();
    await part.load();
    render(
      <Suspense fallback={<p>loading</p>}>
        <part.Component name="ada" />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('hello ada')).toBeTruthy();
  });

  it('load() rejects once the retries give up, and preload() leaves that failure to the next use', async () => {
    vi.useFakeTimers();
    try {
      const part = deferred<{ readonly name: string }>(() => Promise.reject(new Error('gone')));
      // An unhandled rejection would fail the run: preload must swallow it.
      part.preload();
      const loading = part.load();
      const outcome = loading.then(
        () => 'loaded',
        (error: unknown) => String(error),
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await outcome).toBe('Error: gone');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows its `unavailable` when the load fails for good, and a later instance loads it again', async () => {
    let available = false;
    const part = deferred(
      () => (available ? Promise.resolve(Greeting) : Promise.reject(new Error('chunk gone'))),
      { attempts: 1, network: { isOnline: () => true, onceOnline: () => () => undefined } },
    );
    const view = (key: number) => (
      <Suspense fallback={<p>loading</p>}>
        <part.Component key={key} name="ada" unavailable={<p>menu button</p>} />
      </Suspense>
    );
    const { rerender } = render(view(1));
    expect(await screen.findByText('menu button')).toBeTruthy();
    expect(screen.queryByText('hello ada')).toBeNull();

    available = true;
    rerender(view(2));
    expect(await screen.findByText('hello ada')).toBeTruthy();
    // Once loaded, `unavailable` is not passed on to the component itself.
    expect(screen.queryByText('menu button')).toBeNull();
  });
});

/** A menu button whose menu comes from a deferred chunk, the way the shell's menus are built. */
function DeferredMenu({ part }: { readonly part: ReturnType<typeof deferred<{ readonly name: string }>> }) {
  const { requested, attempt, triggerProps } = useMenuOnRequest();
  const alone = (
    <button type="button" {...triggerProps}>
      menu
    </button>
  );
  if (!requested) return alone;
  // The shell passes the same lone button; this one says so, to tell it from the fallback.
  const again = (
    <button type="button" {...triggerProps}>
      menu, try again
    </button>
  );
  return (
    <Suspense fallback={alone}>
      <part.Component key={attempt} unavailable={again} name="menu" />
    </Suspense>
  );
}

function MenuButton() {
  const { requested, triggerProps } = useMenuOnRequest();
  return (
    <button type="button" {...triggerProps}>
      {requested ? 'menu asked for' : 'menu'}
    </button>
  );
}

describe('useMenuOnRequest', () => {
  it('is a menu button that asks for its menu on a click or ArrowDown, not on other keys', () => {
    render(<MenuButton />);
    const button = screen.getByRole('button', { name: 'menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    fireEvent.keyDown(button, { key: 'Tab' });
    expect(screen.queryByText('menu asked for')).toBeNull();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.getByText('menu asked for')).toBeTruthy();
  });

  it('asks for it on a click (Enter and Space click a button)', () => {
    render(<MenuButton />);
    fireEvent.click(screen.getByRole('button', { name: 'menu' }));
    expect(screen.getByText('menu asked for')).toBeTruthy();
  });

  it('asks again with the next click after its menu could not load', async () => {
    let loads = 0;
    const part = deferred(
      () => {
        loads += 1;
        return loads === 1 ? Promise.reject(new Error('offline server')) : Promise.resolve(Greeting);
      },
      { attempts: 1, network: { isOnline: () => true, onceOnline: () => () => undefined } },
    );
    render(<DeferredMenu part={part} />);
    fireEvent.click(screen.getByRole('button', { name: 'menu' }));
    // The lone button is back in place of the menu (nothing thrown to the page), and it asks again.
    const again = await screen.findByRole('button', { name: 'menu, try again' });
    expect(loads).toBe(1);
    fireEvent.click(again);
    expect(await screen.findByText('hello menu')).toBeTruthy();
    expect(loads).toBe(2);
  });
});
