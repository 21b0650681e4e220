import { Container } from 'inversify';
import { CallService } from '../calls/call.service';
import { CallRecorder } from '../calls/call-recorder';
import { CallDevices } from '../ports/call-devices.port';
import { CallMedia } from '../ports/call-media.port';
import { ContactsGateway } from '../ports/contacts.port';
import { Notifier } from '../ports/notifier.port';
import { RtcRoom } from '../ports/rtc-room.port';
import { ContactActions } from '../contacts/contact-actions';
import { ContactStore } from '../contacts/contact.store';
import { ConversationStore } from '../conversations/conversation.store';
import { GroupActions } from '../groups/group-actions';
import { MemberPickerStore } from '../groups/member-picker.store';
import { ChatStore } from '../messages/chat.store';
import { ChatFocus } from '../messages/chat-focus';
import { DraftMirror } from '../conversations/draft-mirror';
import { TypingStore } from '../messages/typing.store';
import { ForwardMessages } from '../messages/forward-messages.use-case';
import { PinnedMessagesStore } from '../messages/pinned-messages.store';
import { Clock } from '../ports/clock.port';
import type { SessionServices } from '../presentation/session-services';
import { SessionViewModels } from '../presentation/session-view-models';
import { ProfileService } from '../profile/profile.service';
import { TopSearchStore } from '../search/top-search.store';
import { CurrentUser } from '../session/current-user';
import { ConnectionMonitor } from '../session/connection-monitor';
import { DeploymentCapabilities } from '../session/deployment-capabilities';
import { SessionService } from '../session/session.service';
import { SettingsStore } from '../settings/settings.store';
import { WalletService } from '../wallet/wallet.service';
import { applicationModule } from './application.module';
// New-message notices
import { MessageNotificationService } from '../notifications/message-notifications.service';

/** One signed-in user's services and view-model factories; `close()` ends all of them. */
export interface SessionScope {
  readonly services: SessionServices;
  readonly viewModels: SessionViewModels;
  readonly closed: boolean;
  close(): Promise<void>;
}

interface Disposable {
  dispose(): void;
}

const isDisposable = (value: unknown): value is Disposable =>
  typeof value === 'object' && value !== null && typeof (value as Partial<Disposable>).dispose === 'function';

/**
 * Opens a session scope under `root`, which holds only the ports (the SDK adapters, storage, clock,
 * notifier): a child container in which every application service is a singleton of this session.
 * Closing the scope disposes every service (their subscriptions to the ports end, their streams
 * complete) and drops the container, so the next sign-in starts from nothing.
 */
export function openSessionScope(root: Container): SessionScope {
  const container = new Container({ parent: root, defaultScope: 'Singleton' });
  container.loadSync(applicationModule);
  const services: SessionServices = {
    session: container.get(SessionService),
    connection: container.get(ConnectionMonitor),
    currentUser: container.get(CurrentUser),
    contacts: container.get(ContactStore),
    conversations: container.get(ConversationStore),
    chat: container.get(ChatStore),
    typing: container.get(TypingStore),
    pinnedMessages: container.get(PinnedMessagesStore),
    forwardMessages: container.get(ForwardMessages),
    topSearch: container.get(TopSearchStore),
    contactActions: container.get(ContactActions),
    groupActions: container.get(GroupActions),
    memberPicker: container.get(MemberPickerStore),
    settings: container.get(SettingsStore),
    profile: container.get(ProfileService),
    wallet: container.get(WalletService),
    calls: container.get(CallService),
    capabilities: container.get(DeploymentCapabilities),
    clock: container.get(Clock),
    callOverlayPorts: {
      room: container.get(RtcRoom),
      contacts: container.get(ContactsGateway),
      notifier: container.get(Notifier),
      devices: container.get(CallDevices),
      media: container.get(CallMedia),
    },
    notifier: container.get(Notifier),
    chatFocus: container.get(ChatFocus),
    drafts: container.get(DraftMirror),
    // New-message notices
    notifications: container.get(MessageNotificationService),
  };
  // Records each finished call in the chat by listening, so it lives as long as the scope.
  const callRecorder = container.get(CallRecorder);
  const viewModels = new SessionViewModels(services);
  let closed = false;
  return {
    services,
    viewModels,
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      viewModels.dispose();
      callRecorder.dispose();
      // Dependents first: the chat store listens to the conversation store, which listens to the ports.
      const { clock: _sharedClock, callOverlayPorts: _ports, notifier: _sharedNotifier, ...owned } = services;
      for (const service of Object.values(owned).reverse()) {
        if (isDisposable(service)) service.dispose();
      }
      await container.unbindAll();
    },
  };
}
