import { friendDisplayName } from '@teamim/domain';
import type { Friend, Group } from '@teamim/domain';
import type { ChatFocus } from '../../messages/chat-focus';
import type { TopSearchStore } from '../../search/top-search.store';
import { StateViewModel } from '../view-model';
import { dropdownState, type DropdownState } from './search-dropdown';

export type TopSearchHit =
  | {
      readonly kind: 'friend';
      readonly key: string;
      readonly name: string;
      readonly faceURL: string;
      readonly friend: Friend;
    }
  | {
      readonly kind: 'group';
      readonly key: string;
      readonly name: string;
      readonly faceURL: string;
      readonly group: Group;
    }
  | {
      readonly kind: 'message';
      readonly key: string;
      readonly name: string;
      readonly faceURL: string;
      readonly detail: string;
      readonly conversationID: string;
      // The message, to open the conversation at it.
      readonly clientMsgID: string;
      readonly seq: number;
    };

export interface TopSearchState {
  readonly input: string;
  readonly dropdown: DropdownState;
  readonly friends: readonly TopSearchHit[];
  readonly groups: readonly TopSearchHit[];
  readonly messages: readonly TopSearchHit[];
}

/** Spec §2 top bar search: debounced 500 ms by the store, blank input clears, results in three groups. */
export class TopSearchViewModel extends StateViewModel<TopSearchState> {
  constructor(
    private readonly topSearch: TopSearchStore,
    private readonly chatFocus: ChatFocus,
  ) {
    super({ input: '', dropdown: 'closed', friends: [], groups: [], messages: [] });
    this.own(
      topSearch.results$.subscribe((results) => {
        const input = this.state.input;
        this.patch({
          dropdown: dropdownState(input, results),
          friends: results.friends.map((friend) => ({
            kind: 'friend',
            key: friend.userID,
            name: friendDisplayName(friend),
            faceURL: friend.faceURL,
            friend,
          })),
          groups: results.groups.map((group) => ({
            kind: 'group',
            key: group.groupID,
            name: group.groupName,
            faceURL: group.faceURL,
            group,
          })),
          messages: results.messages.map((hit) => ({
            kind: 'message',
            key: `${hit.conversation.conversationID}-${hit.message.clientMsgID}`,
            name: hit.conversation.showName,
            faceURL: hit.conversation.faceURL,
            detail: hit.preview,
            conversationID: hit.conversation.conversationID,
            clientMsgID: hit.message.clientMsgID,
            seq: hit.message.seq ?? 0,
          })),
        });
      }),
    );
  }

  type(input: string): void {
    this.patch({ input, dropdown: input.trim() === '' ? 'closed' : 'searching' });
    this.topSearch.setKeyword(input);
  }

  clear(): void {
    this.type('');
  }

  /**
   * A message hit opens its conversation at that message (the chat view loads the history around
   * it and highlights it). Returns the conversation to navigate to.
   */
  openMessage(hit: Extract<TopSearchHit, { kind: 'message' }>): string {
    const target =
      hit.seq > 0 ? { clientMsgID: hit.clientMsgID, seq: hit.seq } : { clientMsgID: hit.clientMsgID };
    this.chatFocus.requestJump({ conversationID: hit.conversationID, target });
    this.clear();
    return hit.conversationID;
  }

  override dispose(): void {
    // Leaving the signed-in area clears what the store holds.
    if (!this.disposed) this.topSearch.setKeyword('');
    super.dispose();
  }
}
