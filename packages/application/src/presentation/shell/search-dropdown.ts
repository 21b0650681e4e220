import type { SearchResults } from '../../search/top-search.store';

/** What the top-bar dropdown shows for the store's current results (spec §2 top bar, §8 "no search results"). */
export type DropdownState = 'closed' | 'searching' | 'empty' | 'results';

export function dropdownState(input: string, results: SearchResults): DropdownState {
  if (input.trim() === '') return 'closed';
  if (results.searching || results.keyword !== input.trim()) return 'searching';
  const total = results.friends.length + results.groups.length + results.messages.length;
  return total === 0 ? 'empty' : 'results';
}
