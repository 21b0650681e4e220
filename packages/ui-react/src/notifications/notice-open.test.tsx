import { screen, waitFor } from '@testing-library/react';
import type { AppServices } from '../services';
import { TestWorld } from '@teamim/application/testing';
import { act } from 'react';
import { NEVER } from 'rxjs';
import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../services';
import { Shell } from '../shell/Shell';
import { renderView } from '../testing/render';

vi.setConfig({ testTimeout: 30_000 });

const store = { get: () => undefined, set: () => undefined, remove: () => undefined, clear: () => undefined };

function OpenedChat() {
  const { conversationID } = useParams();
  return <p>opened {conversationID}</p>;
}

describe('a clicked new-message notice', () => {
  it('opens its conversation from any page of the shell', async () => {
    const w = new TestWorld().users('alice');
    const alice = await w.signIn('alice');
    const scope = alice.scope;
    const services: AppServices = {
      signIn: () => {
        throw new Error('not in this test');
      },
      localStore: store,
      sessionStore: store,
      toasts$: NEVER,
      openSession: () => Promise.resolve(scope),
    };
    await renderView(
      <Routes>
        <Route path="/" element={<Shell />}>
          <Route path="contact" element={<p>contacts page</p>} />
          <Route path="chat/:conversationID" element={<OpenedChat />} />
        </Route>
      </Routes>,
      {
        route: '/contact',
        wrap: (children) => (
          <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
        ),
      },
    );
    expect(await screen.findByText('contacts page')).toBeTruthy();
    // The shell listens from an effect that runs after the page is painted; a click before it is lost.
    await waitFor(() => expect(alice.ports.messageNotices.listening).toBe(true));
    act(() => alice.ports.messageNotices.click('sg_team 1'));
    expect(await screen.findByText('opened sg_team 1')).toBeTruthy();
  });
});
