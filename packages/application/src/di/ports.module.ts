import { ContainerModule } from 'inversify';
import { CallDevices } from '../ports/call-devices.port';
import { CallMedia } from '../ports/call-media.port';
import { CallSignalling } from '../ports/call-signalling.port';
import { ChatApi } from '../ports/chat-api.port';
import { Clock } from '../ports/clock.port';
import { ContactsGateway } from '../ports/contacts.port';
import { ConversationsGateway } from '../ports/conversations.port';
import { FileProcessor, FileUploader } from '../ports/file-processor.port';
import { GroupsGateway } from '../ports/groups.port';
import { IdGenerator } from '../ports/id-generator.port';
import { ImSession } from '../ports/im-session.port';
import { LocalStore, SessionStore } from '../ports/key-value-store.port';
import { Logger } from '../ports/logger.port';
import { MediaServerProbe } from '../ports/media-server-probe.port';
import { MessagesGateway } from '../ports/messages.port';
import { Notifier } from '../ports/notifier.port';
import { RtcRoom } from '../ports/rtc-room.port';
import { MeetingRoom } from '../ports/meeting-room.port';
import { PasswordHasher, WalletApi } from '../ports/wallet-api.port';
// New-message notices
import { MessageNotices, PageVisibility } from '../ports/message-notices.port';
import { NetworkStatus } from '../ports/network-status.port';
// Meetings: the room the cards open

/** One adapter instance per port; a composition root builds this from its adapter packages. */
export interface PortBindings {
  readonly imSession: ImSession;
  readonly contacts: ContactsGateway;
  readonly groups: GroupsGateway;
  readonly conversations: ConversationsGateway;
  readonly messages: MessagesGateway;
  readonly callSignalling: CallSignalling;
  readonly chatApi: ChatApi;
  readonly walletApi: WalletApi;
  readonly passwordHasher: PasswordHasher;
  readonly rtcRoom: RtcRoom;
  readonly localStore: LocalStore;
  readonly sessionStore: SessionStore;
  readonly clock: Clock;
  readonly idGenerator: IdGenerator;
  readonly logger: Logger;
  readonly notifier: Notifier;
  readonly fileProcessor: FileProcessor;
  readonly fileUploader: FileUploader;
  // The call overlay's devices and media
  readonly callDevices: CallDevices;
  readonly callMedia: CallMedia;
  /** The media room of group meetings (its devices are chosen through `callDevices`). */
  readonly meetingRoom: MeetingRoom;
  /** Whether a call's media server answers at all (a room token alone does not say). */
  readonly mediaServerProbe: MediaServerProbe;
  // New-message notices (the browser's or the desktop shell's) and whether the page is hidden
  readonly messageNotices: MessageNotices;
  readonly pageVisibility: PageVisibility;
  /** The device's network as the platform reports it (the browser's online and offline events). */
  readonly network: NetworkStatus;
}

/** Binds every port to the given adapter instance. */
export function portsModule(ports: PortBindings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(ImSession).toConstantValue(ports.imSession);
    bind(ContactsGateway).toConstantValue(ports.contacts);
    bind(GroupsGateway).toConstantValue(ports.groups);
    bind(ConversationsGateway).toConstantValue(ports.conversations);
    bind(MessagesGateway).toConstantValue(ports.messages);
    bind(CallSignalling).toConstantValue(ports.callSignalling);
    bind(ChatApi).toConstantValue(ports.chatApi);
    bind(WalletApi).toConstantValue(ports.walletApi);
    bind(PasswordHasher).toConstantValue(ports.passwordHasher);
    bind(RtcRoom).toConstantValue(ports.rtcRoom);
    bind(LocalStore).toConstantValue(ports.localStore);
    bind(SessionStore).toConstantValue(ports.sessionStore);
    bind(Clock).toConstantValue(ports.clock);
    bind(IdGenerator).toConstantValue(ports.idGenerator);
    bind(Logger).toConstantValue(ports.logger);
    bind(Notifier).toConstantValue(ports.notifier);
    bind(FileProcessor).toConstantValue(ports.fileProcessor);
    bind(FileUploader).toConstantValue(ports.fileUploader);
    // Calls
    bind(CallDevices).toConstantValue(ports.callDevices);
    bind(CallMedia).toConstantValue(ports.callMedia);
    bind(MeetingRoom).toConstantValue(ports.meetingRoom);
    bind(MediaServerProbe).toConstantValue(ports.mediaServerProbe);
    // New-message notices
    bind(MessageNotices).toConstantValue(ports.messageNotices);
    bind(PageVisibility).toConstantValue(ports.pageVisibility);
    bind(NetworkStatus).toConstantValue(ports.network);
  });
}
