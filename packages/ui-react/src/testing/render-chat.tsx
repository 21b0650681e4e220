import type { TestClient } from '@teamim/application/testing';
import { Route, Routes } from 'react-router';
import { renderView } from './render';
import { ChatLayout } from '../chat/ChatPages';
import { ChatRoute } from '../routing/chat-route';
import { ContactDialogsProvider } from '../shell/contact-dialogs';

/** Renders the /chat screens as the shell routes them, with the contact dialogs, at one conversation of `client`. */
export function renderChat(client: TestClient, conversationID: string) {
  return renderView(
    <Routes>
      <Route path="/chat" element={<ChatLayout prefetchView={() => undefined} />}>
        <Route path=":conversationID" element={<ChatRoute />} />
      </Route>
    </Routes>,
    {
      viewModels: client.viewModels,
      route: `/chat/${conversationID}`,
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    },
  );
}
