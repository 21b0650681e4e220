import { chatHeaderActions, SessionType } from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface GroupHeaderState {
  /** Single chats: start a group with the other party preselected. */
  readonly createGroup: boolean;
  /** Groups, once the own member info is loaded. */
  readonly invite: boolean;
}

/** Spec §2 chat header icons: create group (single chats only), invite (groups, member info loaded). */
export class GroupHeaderViewModel extends StateViewModel<GroupHeaderState> {
  constructor(isGroup: boolean, groupID: string, conversations: ConversationStore) {
    super({ createGroup: !isGroup, invite: false });
    this.own(
      conversations.currentMember$.subscribe((member) => {
        const loaded = member !== undefined && member.groupID === groupID;
        const actions = chatHeaderActions(isGroup ? SessionType.Group : SessionType.Single, loaded);
        this.set({ createGroup: actions.createGroup, invite: actions.invite });
      }),
    );
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const groupHeaderViewModel = viewModelFactory(
  (s, isGroup: boolean, groupID: string) => new GroupHeaderViewModel(isGroup, groupID, s.conversations),
);
