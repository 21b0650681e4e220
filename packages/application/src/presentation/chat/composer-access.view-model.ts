import { combineLatest, concat, map, of, switchMap, timer, type Observable } from 'rxjs';
import {
  checkCanSpeakInGroup,
  remainingMuteMs,
  type DisplayText,
  type Group,
  type GroupMember,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { Clock } from '../../ports/clock.port';
import type { DeploymentCapabilities } from '../../session/deployment-capabilities';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface ComposerAccessState {
  /**
   * Why the composer is disabled (spec §8 texts "you are muted", "group muted"; no longer a member after
   * being removed, quitting or the group's end), or undefined while the user may write. While the own
   * membership is not known yet the composer stays open: a refused send says why.
   */
  readonly blocked: DisplayText | undefined;
  /**
   * Whether the composer's tools (emoji, picture, file, red packet, paste and drop of files) may be used:
   * not while the composer is closed, or they would send what the box may not.
   */
  readonly tools: boolean;
  /** Whether the red-packet tool shows at all: only where the deployment has the wallet API. */
  readonly redPackets: boolean;
}

const NOT_MEMBER: DisplayText = { kind: 'i18n', i18nKey: 'conversation.notMember' };

/** Timers longer than this overflow the platform's 32-bit delay (a permanent mute is ten years). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Spec §6: in a group, a muted member (an admin too; only the owner is never silenced), or an ordinary
 * member while mute-all is on, cannot speak, and someone no longer in the group cannot either (the chat
 * turns read only, as in Slack or Element). The composer of the open group follows the own membership
 * and the group's status as the SDK reports them, and opens again by itself when a timed mute runs out
 * or the user is invited back.
 */
export class ComposerAccessViewModel extends StateViewModel<ComposerAccessState> {
  constructor(
    conversationID: string,
    conversations: ConversationStore,
    clock: Clock,
    capabilities: DeploymentCapabilities,
  ) {
    super({ blocked: undefined, tools: true, redPackets: false });
    const blockedNow = (group: Group, member: GroupMember): DisplayText | undefined => {
      const speak = checkCanSpeakInGroup(group, member, clock.now());
      if (speak.ok || (speak.error.reason !== 'memberMuted' && speak.error.reason !== 'groupMuted')) {
        return undefined;
      }
      return { kind: 'i18n', i18nKey: speak.error.i18nKey };
    };
    const blocked$: Observable<DisplayText | undefined> = combineLatest([
      conversations.current$,
      conversations.currentGroup$,
      conversations.currentMember$,
    ]).pipe(
      switchMap(([open, group, member]) => {
        if (open?.conversationID !== conversationID || group === undefined) return of(undefined);
        if (group.inGroup === false) return of(NOT_MEMBER);
        if (member === undefined) return of(undefined);
        const now = blockedNow(group, member);
        const left = remainingMuteMs(member, clock.now());
        if (now === undefined || left === 0 || left > MAX_TIMER_MS) return of(now);
        // A timed mute ends without any event from the SDK: look again once it has run out.
        return concat(of(now), timer(left, clock.scheduler).pipe(map(() => blockedNow(group, member))));
      }),
    );
    this.own(blocked$.subscribe((blocked) => this.patch({ blocked, tools: blocked === undefined })));
    this.own(
      capabilities.features$.subscribe((features) =>
        this.patch({ redPackets: features.wallet === 'available' }),
      ),
    );
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const composerAccessViewModel = viewModelFactory(
  (s, conversationID: string) =>
    new ComposerAccessViewModel(conversationID, s.conversations, s.clock, s.capabilities),
);
