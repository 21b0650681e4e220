import {
  err,
  friendDisplayName,
  ok,
  validateSearchKeyword,
  type DisplayText,
  type Group,
  type Result,
  type SearchedUser,
} from '@teamim/domain';
import type { ContactActions } from '../../contacts/contact-actions';
import type { AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { errorText } from './error-text';
import { viewModelFactory } from '../view-model-factory';

export interface SearchHit {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly user: SearchedUser;
}

export interface AddSearchState {
  readonly target: 'friend' | 'group';
  readonly keyword: string;
  /** Spec §2: confirm stays disabled until the keyword is not blank. */
  readonly canSearch: boolean;
  /** undefined until a friend search has run. */
  readonly results: readonly SearchHit[] | undefined;
  /** A group id that matches no group. */
  readonly notFound: boolean;
  readonly busy: boolean;
  readonly error: DisplayText | undefined;
}

/** What a search led to: users listed in the dialog, or a group whose card opens. */
export type AddSearchOutcome =
  | { readonly kind: 'users' }
  | { readonly kind: 'group'; readonly group: Group | { readonly groupID: string } }
  | { readonly kind: 'notFound' };

/**
 * The add-friend / add-group search modal (spec §2). Friends are found by the chat API's fuzzy search;
 * a group is looked up by its exact id.
 */
export class AddSearchViewModel extends StateViewModel<AddSearchState> {
  constructor(
    target: 'friend' | 'group',
    private readonly actions: ContactActions,
  ) {
    super({
      target,
      keyword: '',
      canSearch: false,
      results: undefined,
      notFound: false,
      busy: false,
      error: undefined,
    });
  }

  setKeyword(keyword: string): void {
    this.patch({ keyword, canSearch: validateSearchKeyword(keyword).ok, notFound: false, error: undefined });
  }

  async search(): Promise<Result<AddSearchOutcome, AppError>> {
    const valid = validateSearchKeyword(this.state.keyword);
    if (!valid.ok) return valid;
    this.patch({ busy: true, error: undefined, notFound: false });
    if (this.state.target === 'group') {
      const group = await this.actions.findGroup(valid.value);
      this.patch({ busy: false });
      if (!group.ok) {
        // A lookup can fail while the SDK is still starting (10004): the card by id can still apply.
        if (group.error.kind === 'remote') return ok({ kind: 'group', group: { groupID: valid.value } });
        this.patch({ error: errorText(group.error) });
        return group;
      }
      if (group.value === undefined) {
        this.patch({ notFound: true });
        return ok({ kind: 'notFound' });
      }
      return ok({ kind: 'group', group: group.value });
    }
    const found = await this.actions.searchUsers(valid.value);
    if (!found.ok) {
      this.patch({ busy: false, results: undefined, error: errorText(found.error) });
      return err(found.error);
    }
    const results = found.value.map((user) => ({
      userID: user.userID,
      name: friendDisplayName({ userID: user.userID, nickname: user.nickname }),
      faceURL: user.faceURL,
      user,
    }));
    this.patch({ busy: false, results });
    return ok({ kind: 'users' });
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const addSearchViewModel = viewModelFactory(
  (s, target: 'friend' | 'group') => new AddSearchViewModel(target, s.contactActions),
);
