import { Subscription, type Observable } from 'rxjs';
import {
  canJoinMeeting,
  customPayloadOf,
  type Meeting,
  type MeetingForm,
  type MeetingStayRecord,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../conversations/conversation.store';
import type { ChatStore } from '../messages/chat.store';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { Logger } from '../ports/logger.port';
import type { Clock } from '../ports/clock.port';
import type { MessagesGateway } from '../ports/messages.port';
import type { CurrentUser } from '../session/current-user';
import type { AppError } from '../shared/app-error';
import { lazyModule } from '../shared/lazy-module';
import { attempt } from '../shared/remote-error';
import type { MeetingActions, MeetingAudience } from './meeting-actions';
import type { MeetingJoinRequest, MeetingLauncher } from './meeting-launcher';
import type { MeetingProfiles } from './meeting-profiles';
import { MeetingLedger, type KnownCard } from './meeting-ledger';

export type { MeetingAudience } from './meeting-actions';

const loadActions = lazyModule(() => import('./meeting-actions'));

/**
 * Meetings as chat cards, for the signed-in user: starting and scheduling them (the card), editing,
 * cancelling, starting and joining (the updates), and the end once the room reports the last leave or
 * the host's end for everyone. What is known of each meeting comes from the cards and updates this
 * session has seen (the open chat, incoming messages, its own posts): `MeetingLedger`. The actions
 * themselves (`MeetingActions`) load on first use.
 */
export class MeetingService {
  private readonly subscriptions = new Subscription();
  private readonly ledger = new MeetingLedger();
  private actions: Promise<Result<MeetingActions, AppError>> | undefined;
  /** The meeting the own user is in or joining. */
  readonly active$: Observable<MeetingJoinRequest | undefined>;
  /** Each card the first time this session sees it, with the conversation it is in. Hot, no replay. */
  readonly cards$: Observable<KnownCard>;

  constructor(
    private readonly chat: ChatStore,
    private readonly conversations: ConversationStore,
    private readonly gateway: ConversationsGateway,
    private readonly launcher: MeetingLauncher,
    private readonly profiles: MeetingProfiles,
    private readonly messages: MessagesGateway,
    private readonly currentUser: CurrentUser,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.active$ = launcher.active$;
    this.cards$ = this.ledger.cards$;
    const self = currentUser.id();
    this.subscriptions.add(chat.state$.subscribe((state) => this.ledger.learnAll(state.messages, self)));
    this.subscriptions.add(
      messages.events$.subscribe((event) => {
        if (event.type !== 'received') return;
        this.ledger.learnAll(event.messages, self);
        for (const message of event.messages) {
          const payload = customPayloadOf(message);
          if (payload?.kind === 'meetingUpdate' && payload.update.action === 'ended')
            launcher.endPosted(payload.update.meetingID, message.sendID);
        }
      }),
    );
    this.subscriptions.add(
      launcher.left$.subscribe(
        (left) =>
          void this.withActions(async (actions) => {
            await actions.onLeft(left);
            return { ok: true, value: undefined };
          }),
      ),
    );
  }

  /** The meeting as this session knows it, or undefined before its card was seen. */
  meeting(meetingID: string): Meeting | undefined {
    return this.ledger.meeting(meetingID);
  }

  /**
   * A meeting the own user may join is on screen (in progress in the open chat): its join is readied,
   * the room's token asked for ahead, so that Join goes straight to the room, and the names of those
   * likely in it (the host, the invitees or the group's members, the own user) looked up, so that the
   * meeting view opens with them.
   */
  prepareJoin(meetingID: string, groupID?: string): void {
    const meeting = this.ledger.meeting(meetingID);
    if (meeting === undefined || !canJoinMeeting(meeting, this.clock.now())) return;
    this.launcher.prepare(meeting);
    // The group's page names most of them; those it leaves out (or all, if it fails) are asked for after.
    const people = [meeting.hostUserID, ...meeting.inviteeUserIDs, this.currentUser.id()];
    void (groupID === undefined ? Promise.resolve() : this.profiles.lookUpGroup(groupID)).then(() =>
      this.profiles.lookUp(people),
    );
  }

  private async withActions<T>(
    act: (actions: MeetingActions) => Promise<Result<T, AppError>>,
  ): Promise<Result<T, AppError>> {
    this.actions ??= attempt(() => loadActions()).then((loaded) => {
      if (!loaded.ok) {
        this.actions = undefined;
        return loaded;
      }
      const { chat, conversations, gateway, launcher, ledger, messages, currentUser, ids, clock, logger } =
        this;
      const context = {
        chat,
        conversations,
        gateway,
        launcher,
        ledger,
        messages,
        currentUser,
        ids,
        clock,
        logger,
      };
      return { ok: true, value: new loaded.value.MeetingActions(context) };
    });
    const actions = await this.actions;
    return actions.ok ? act(actions.value) : actions;
  }

  /** Fetches the actions' code ahead of the first action (while the page is idle). */
  prefetch(): void {
    loadActions.prefetch();
  }

  /** A meeting starting now: its card goes to the audience, then the own user joins its room. */
  quick(audience: MeetingAudience, title: string): Promise<Result<Meeting, AppError>> {
    return this.withActions((actions) => actions.quick(audience, title));
  }

  /** A meeting for later: the form is checked (domain rules), then its card goes to the audience. */
  schedule(form: MeetingForm, audience: MeetingAudience): Promise<Result<Meeting, AppError>> {
    return this.withActions((actions) => actions.schedule(form, audience));
  }

  /** The host changes a meeting that has not begun; every conversation the card went to is told. */
  edit(meetingID: string, conversationID: string, form: MeetingForm): Promise<Result<void, AppError>> {
    return this.withActions((actions) => actions.edit(meetingID, conversationID, form));
  }

  /** The host cancels a meeting that has not begun. */
  cancel(meetingID: string, conversationID: string): Promise<Result<void, AppError>> {
    return this.withActions((actions) => actions.cancel(meetingID, conversationID));
  }

  /**
   * Joins a meeting's room: anyone it is for from its start time or once begun, the host also before
   * (starting it early). The first to join a scheduled meeting posts that it started.
   */
  join(meetingID: string, conversationID: string): Promise<Result<void, AppError>> {
    return this.withActions((actions) => actions.join(meetingID, conversationID));
  }

  /** Posts the end a previous session's page left unposted, if it is still due (`MeetingStayRecovery`). */
  recover(record: MeetingStayRecord): Promise<Result<void, AppError>> {
    return this.withActions((actions) => actions.recover(record));
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
    this.ledger.dispose();
  }
}
