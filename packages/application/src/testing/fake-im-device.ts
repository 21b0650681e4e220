import { Observable, Subject } from 'rxjs';
import type { ContactEvent } from '../ports/contacts.port';
import type { ConversationEvent } from '../ports/conversations.port';
import type { GroupEvent } from '../ports/groups.port';
import type { SessionEvent } from '../ports/im-session.port';
import type { MessageEvent } from '../ports/messages.port';
import { RemoteError } from '../shared/remote-error';
import type { FakeBackend } from './fake-backend';
import type { DeviceSink } from './fake-backend-users';
import { FakeCallSignalling } from './fake-call-signalling';
import { FakeContactsGateway } from './fake-contacts-gateway';
import { FakeConversationsGateway } from './fake-conversations-gateway';
import { FakeGroupsGateway } from './fake-groups-gateway';
import { ImErrorCode } from './fake-im-errors';
import { FakeImSession } from './fake-im-session';
import { FakeMessagesGateway } from './fake-messages-gateway';

/**
 * One signed-in client (a browser tab or desktop window) on the {@link FakeBackend}.
 * Each port is a separate object because their `events$` types differ.
 */
export class FakeImDevice {
  readonly sink: DeviceSink;
  userID: string | undefined;
  readonly session: FakeImSession;
  readonly contacts: FakeContactsGateway;
  readonly groups: FakeGroupsGateway;
  readonly conversations: FakeConversationsGateway;
  readonly messages: FakeMessagesGateway;
  readonly signalling: FakeCallSignalling;

  /** `platformID` is the OpenIM platform (5 web, 3 Windows…); the multi-login policy compares it. */
  constructor(
    readonly backend: FakeBackend,
    platformID = 5,
  ) {
    this.sink = {
      userID: '',
      platformID,
      token: '',
      // Like the SDK after OnKickedOffline / OnUserTokenExpired: logged out, a new login is accepted.
      onForcedLogout: () => {
        this.userID = undefined;
      },
      session: new Subject<SessionEvent>(),
      contacts: new Subject<ContactEvent>(),
      groups: new Subject<GroupEvent>(),
      conversations: new Subject<ConversationEvent>(),
      messages: new Subject<MessageEvent>(),
    };
    this.session = new FakeImSession(this);
    this.contacts = new FakeContactsGateway(this);
    this.groups = new FakeGroupsGateway(this);
    this.conversations = new FakeConversationsGateway(this);
    this.messages = new FakeMessagesGateway(this);
    this.signalling = new FakeCallSignalling(this);
  }

  /**
   * Conversations this device's first sync has not reached yet. As the SDK's local database lacks
   * them, calls that look them (or their messages) up there fail with RecordNotFound until cleared.
   */
  readonly unsynced = new Set<string>();

  /** Throws as the SDK does for a conversation its local database does not hold yet. */
  requireSynced(conversationID: string): void {
    if (this.unsynced.has(conversationID)) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'record not found');
    }
  }

  private listeners = 0;

  /** How many subscriptions the application holds on this device's event streams (for leak tests). */
  get listenerCount(): number {
    return this.listeners;
  }

  /** An event stream of this device whose subscriptions are counted. */
  listen<T>(subject: Subject<T>): Observable<T> {
    return new Observable<T>((subscriber) => {
      this.listeners += 1;
      const inner = subject.subscribe(subscriber);
      return () => {
        this.listeners -= 1;
        inner.unsubscribe();
      };
    });
  }

  /** The logged-in user id; rejects like the SDK (10101) when logged out. */
  me(): string {
    if (this.userID === undefined) {
      throw new RemoteError(ImErrorCode.LoggedOut, 'sdk not logged in');
    }
    return this.userID;
  }

  attach(userID: string, token: string): void {
    this.userID = userID;
    // The sink is shared with the backend as a read-only view; only its device re-targets it.
    const sink = this.sink as { userID: string; token: string };
    sink.userID = userID;
    sink.token = token;
    this.backend.connect(this.sink);
  }

  detach(): void {
    this.backend.devices.delete(this.sink);
    this.userID = undefined;
  }
}
