import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  startWith,
  timer,
  type Observable,
} from 'rxjs';
import type { Locale, RecvMsgOpt, Result } from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { Clock } from '../../ports/clock.port';
import type { CurrentUser } from '../../session/current-user';
import type { SettingsStore } from '../../settings/settings.store';
import type { RemoteFailure } from '../../shared/remote-error';
import { StateViewModel } from '../view-model';
import { ConversationRowCache } from './conversation-row-cache';
import type { ConversationRow } from './rows';

export interface ConversationListState {
  readonly rows: readonly ConversationRow[];
  readonly openID: string | undefined;
}

/** How often recent-time texts ("just now", "5 min") are refreshed. */
export const RECENT_TIME_REFRESH_MS = 30_000;

/** The locale the session's texts are formatted in, following the settings. */
export function locale$(settings: SettingsStore): Observable<Locale> {
  return settings.settings$.pipe(
    map((settings) => settings.locale),
    distinctUntilChanged(),
  );
}

/** The current time, ticking every `everyMs` on the session's clock. */
export function now$(clock: Clock, everyMs = RECENT_TIME_REFRESH_MS): Observable<number> {
  // The first value at once (not on the scheduler's first tick), then one per period.
  return timer(everyMs, everyMs, clock.scheduler).pipe(
    map(() => clock.now()),
    startWith(clock.now()),
  );
}

/**
 * The conversation list (spec §2, §4): the store's de-duplicated list in the domain's order (pinned,
 * then the later of draft and last message), each as a row of plain texts (ConversationRowCache). The
 * open conversation's own draft is not previewed: the user is looking at it in the composer.
 */
export class ConversationListViewModel extends StateViewModel<ConversationListState> {
  private readonly open = new BehaviorSubject<string | undefined>(undefined);
  private readonly rows = new ConversationRowCache();

  constructor(
    private readonly conversations: ConversationStore,
    currentUser: CurrentUser,
    settings: SettingsStore,
    clock: Clock,
  ) {
    super({ rows: [], openID: undefined });
    this.own(
      combineLatest([
        conversations.conversations$,
        currentUser.selfInfo$,
        locale$(settings),
        now$(clock),
        this.open,
      ]).subscribe(([list, self, locale, nowMs, openID]) => {
        const context = {
          locale,
          selfUserID: self?.userID ?? '',
          nowMs,
          utcOffsetMinutes: clock.utcOffsetMinutes(nowMs),
        };
        this.set({ openID, rows: this.rows.rows(list, context, openID) });
      }),
    );
  }

  /** The conversation shown next to the list (from the address). */
  setOpen(conversationID: string | undefined): void {
    if (this.open.value !== conversationID) this.open.next(conversationID);
  }

  /**
   * Alt+Up/Down: the conversation before or after `fromID` (the open one unless given; the first
   * conversation when none is open).
   */
  adjacent(delta: -1 | 1, fromID: string | undefined = this.state.openID): string | undefined {
    const rows = this.state.rows;
    if (rows.length === 0) return undefined;
    const index = rows.findIndex((row) => row.id === fromID);
    if (index < 0) return rows[0]?.id;
    return rows[Math.min(rows.length - 1, Math.max(0, index + delta))]?.id;
  }

  setPinned(conversationID: string, pinned: boolean): Promise<Result<void, RemoteFailure>> {
    return this.conversations.setPinned(conversationID, pinned);
  }

  setRecvMsgOpt(conversationID: string, option: RecvMsgOpt): Promise<Result<void, RemoteFailure>> {
    return this.conversations.setRecvMsgOpt(conversationID, option);
  }

  markRead(conversationID: string): Promise<void> {
    return this.conversations.markAsRead(conversationID);
  }

  delete(conversationID: string): Promise<Result<void, RemoteFailure>> {
    return this.conversations.delete(conversationID);
  }
}
