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
});

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
});
