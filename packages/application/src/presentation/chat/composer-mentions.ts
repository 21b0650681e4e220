import { BehaviorSubject, type Observable } from 'rxjs';
import {
  AT_ALL_TAG,
  canMentionAll,
  composeAtText,
  insertMention,
  isGroupSession,
  matchesMentionAll,
  mentionName,
  mentionQueryAt,
  PAGING,
  rankMentionCandidates,
  translate,
  type AtMessageDraft,
  type ChosenMention,
  type MentionMember,
} from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { GroupActions } from '../../groups/group-actions';
import type { ChatFocus } from '../../messages/chat-focus';
import type { CurrentUser } from '../../session/current-user';
import type { SettingsStore } from '../../settings/settings.store';

export interface ComposerMentionsDeps {
  readonly conversations: ConversationStore;
  readonly contacts: ContactStore;
  readonly groupActions: GroupActions;
  readonly chatFocus: ChatFocus;
  readonly settings: SettingsStore;
  readonly currentUser: CurrentUser;
}

/** One entry of the mention suggestions. */
export interface MentionOption {
  readonly userID: string;
  /** What the composer inserts after the "@" and the list shows first. */
  readonly name: string;
  /** The group nickname when the name is a remark, else ''. */
  readonly detail: string;
  readonly faceURL: string;
  /** The at-all entry (owners and admins only). */
  readonly all: boolean;
}

export interface MentionSuggestions {
  /** The "@query" being typed ('' when none), where it starts, and what it suggests. */
  readonly query: string;
  readonly start: number;
  readonly options: readonly MentionOption[];
}

/** How many suggestions the list shows at most. */
export const MENTION_SUGGESTION_LIMIT = 8;
/** The most members read for suggestions (a page of 500, then pages of 100, spec §4 paging). */
const MEMBER_READ_LIMIT = 10_000;

const CLOSED: MentionSuggestions = { query: '', start: -1, options: [] };

/**
 * Mentions in a group's composer (spec §2, §5, §6). Typing "@" and one character suggests members,
 * ranked by the domain; choosing one inserts "@name" and remembers whom it names, so that the send
 * turns each remaining "@name" into a mention token with one entry per user. Owners and admins also
 * get "everyone". Outside groups nothing is suggested.
 */
export class ComposerMentions {
  private readonly suggestions = new BehaviorSubject<MentionSuggestions>(CLOSED);
  private chosen: ChosenMention[] = [];
  private members: Promise<readonly MentionMember[]> | undefined;
  private asked = 0;
  readonly suggestions$: Observable<MentionSuggestions> = this.suggestions.asObservable();

  constructor(
    private readonly conversationID: string,
    private readonly deps: ComposerMentionsDeps,
  ) {
    // The mentions chosen before the user switched away come back with the draft's text.
    this.chosen = [...deps.chatFocus.chosenMentions(conversationID)];
  }

  get current(): MentionSuggestions {
    return this.suggestions.value;
  }

  private get groupID(): string | undefined {
    const conversation = this.deps.conversations.currentConversation;
    if (conversation?.conversationID !== this.conversationID) return undefined;
    return isGroupSession(conversation.conversationType) ? conversation.groupID : undefined;
  }

  /** The text or the caret changed: recomputes the suggestions for the "@query" before the caret. */
  async update(text: string, caret: number): Promise<void> {
    const ask = ++this.asked;
    const at = mentionQueryAt(text, caret);
    const groupID = this.groupID;
    if (at === undefined || at.query === '' || groupID === undefined) {
      this.close();
      return;
    }
    const members = await this.loadMembers(groupID);
    if (ask !== this.asked) return;
    this.suggestions.next({ query: at.query, start: at.start, options: this.optionsFor(at.query, members) });
  }

  close(): void {
    this.asked += 1;
    if (this.suggestions.value !== CLOSED) this.suggestions.next(CLOSED);
  }

  /** Inserts the chosen option in place of the "@query" before `caret`; returns the new text and caret. */
  choose(
    option: MentionOption,
    text: string,
    caret: number,
  ): { readonly text: string; readonly caret: number } {
    const at = mentionQueryAt(text, caret);
    const start = at?.start ?? caret;
    this.remember({ userID: option.userID, name: option.name });
    this.close();
    return insertMention(text, start, caret, option.name);
  }

  /** Spec §2: a mention from a member's avatar, inserted at the caret. */
  insertMember(
    member: MentionMember,
    text: string,
    caret: number,
  ): { readonly text: string; readonly caret: number } {
    const name = mentionName(member);
    this.remember({ userID: member.userID, name });
    const before = text.slice(0, caret);
    const spaced = before === '' || /\s$/.test(before) ? before : `${before} `;
    return insertMention(spaced + text.slice(caret), spaced.length, spaced.length, name);
  }

  /** The at-text for `text`, or undefined when it names nobody any more. */
  atTextFor(text: string): AtMessageDraft | undefined {
    return composeAtText(text, this.chosen);
  }

  /** After a send: the next message starts with no mentions. */
  reset(): void {
    this.keep([]);
    this.close();
  }

  /** The text changed: a mention whose "@name" the user deleted is no longer chosen. */
  prune(text: string): void {
    const kept = this.chosen.filter((c) => text.includes(`@${c.name}`));
    if (kept.length !== this.chosen.length) this.keep(kept);
  }

  /** The chosen mentions are kept with the conversation's draft for the session (ChatFocus). */
  private keep(chosen: ChosenMention[]): void {
    this.chosen = chosen;
    this.deps.chatFocus.keepMentions(this.conversationID, chosen);
  }

  dispose(): void {
    this.suggestions.complete();
  }

  private remember(mention: ChosenMention): void {
    this.keep([...this.chosen.filter((c) => c.userID !== mention.userID), mention]);
  }

  private optionsFor(query: string, members: readonly MentionMember[]): MentionOption[] {
    const locale = this.deps.settings.snapshot.locale;
    const atAllLabel = translate(locale, 'message.atAll');
    const options: MentionOption[] = [];
    const role = this.deps.conversations.currentMemberInfo?.roleLevel;
    if (canMentionAll(role) && matchesMentionAll(query, atAllLabel)) {
      options.push({ userID: AT_ALL_TAG, name: atAllLabel, detail: '', faceURL: '', all: true });
    }
    const self = this.deps.currentUser.id();
    for (const member of rankMentionCandidates(members, query, self, MENTION_SUGGESTION_LIMIT)) {
      const name = mentionName(member);
      options.push({
        userID: member.userID,
        name,
        detail: name !== member.nickname ? member.nickname : '',
        faceURL: member.faceURL ?? '',
        all: false,
      });
    }
    return options.slice(0, MENTION_SUGGESTION_LIMIT);
  }

  /** The group's members with the user's remarks for friends, read once per composer (once found). */
  private loadMembers(groupID: string): Promise<readonly MentionMember[]> {
    this.members ??= (async () => {
      const remarks = new Map(this.deps.contacts.snapshot.friendList.map((f) => [f.userID, f.remark]));
      const all: MentionMember[] = [];
      for (;;) {
        const count = all.length === 0 ? PAGING.groupMemberFirst : PAGING.groupMemberNext;
        const page = await this.deps.groupActions.membersPage(groupID, all.length, count);
        if (!page.ok) {
          // Asked again on the next "@": a failure must not leave the list empty for good.
          this.members = undefined;
          break;
        }
        for (const m of page.value) {
          all.push({
            userID: m.userID,
            nickname: m.nickname,
            remark: remarks.get(m.userID) ?? '',
            faceURL: m.faceURL,
          });
        }
        if (page.value.length < count || all.length >= MEMBER_READ_LIMIT) break;
      }
      // A group has the user at least: none means the SDK did not have its members yet (its sync had
      // not reached the group). Asked again on the next "@" rather than suggesting nobody for good.
      if (all.length === 0) this.members = undefined;
      return all;
    })();
    return this.members;
  }
}
