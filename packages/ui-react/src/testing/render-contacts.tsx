import type { TestClient } from '@teamim/application/testing';
import { Route, Routes } from 'react-router';
import { renderView } from './render';
import { ContactPage, ContactSection } from '../contacts/ContactPages';
import { ContactDialogsProvider } from '../shell/contact-dialogs';

/** Renders the /contact screens as the shell routes them, with the contact dialogs, for `client`. */
export function renderContacts(client: TestClient, route = '/contact') {
  return renderView(
    <ContactDialogsProvider>
      <Routes>
        <Route path="/contact" element={<ContactPage />}>
          <Route index element={<ContactSection titleKey="ui.contact.myFriends" />} />
          <Route path="myGroups" element={<ContactSection titleKey="ui.contact.myGroups" />} />
          <Route path="newFriends" element={<ContactSection titleKey="ui.contact.newFriends" />} />
          <Route
            path="groupNotifications"
            element={<ContactSection titleKey="ui.contact.groupNotifications" />}
          />
          {/* Groups */}
          <Route path="blacklist" element={<ContactSection titleKey="ui.contact.blacklist" />} />
        </Route>
        <Route path="/chat/:conversationID" element={<p>chat open</p>} />
      </Routes>
    </ContactDialogsProvider>,
    { viewModels: client.viewModels, route },
  );
}
