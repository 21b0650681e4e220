import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { TestWorld } from '../../testing';
import type { SearchResults } from '../../search/top-search.store';
import { dropdownState } from './search-dropdown';

const results = (change: Partial<SearchResults>): SearchResults => ({
  keyword: '',
  friends: [],
  groups: [],
  messages: [],
  searching: false,
  ...change,
});

describe('dropdownState', () => {
  it('is closed for blank input whatever the store holds', () => {
    expect(dropdownState('   ', results({ keyword: 'bob', searching: true }))).toBe('closed');
  });

  it('shows searching until the results are for the typed keyword', () => {
    expect(dropdownState('bob', results({ searching: true }))).toBe('searching');
    expect(dropdownState('bob', results({ keyword: 'bo' }))).toBe('searching');
  });

  it('shows "no search results" or the results once the keyword is answered', () => {
    expect(dropdownState(' bob ', results({ keyword: 'bob' }))).toBe('empty');
    expect(
      dropdownState(
        'bob',
        results({ keyword: 'bob', friends: [{ userID: 'b', nickname: 'bob', remark: '', faceURL: '' }] }),
      ),
    ).toBe('results');
  });

  it('follows the store through its 500 ms debounce (fake clock)', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'Bobby' });
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const state = async (input: string) => dropdownState(input, await firstValueFrom(alice.search.results$));

    alice.search.setKeyword('bo');
    alice.search.setKeyword('bob');
    await world.advance(499);
    expect(await state('bob')).toBe('searching');
    await world.advance(1);
    expect(await state('bob')).toBe('results');

    alice.search.setKeyword('zzz');
    await world.advance(500);
    expect(await state('zzz')).toBe('empty');
  });
});
