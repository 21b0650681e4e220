import { describe, expect, it } from 'vitest';
import { classifyServerError } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RemoteError } from '../../shared/remote-error';
import type { AddSearchState, AddSearchViewModel } from './add-search.view-model';

type Seen = { args: unknown[]; state: AddSearchState };

function spy(target: object, method: string, vm: () => AddSearchViewModel): Seen[] {
  const seen: Seen[] = [];
  const host = target as Record<string, unknown>;
  const original = host[method] as (...args: unknown[]) => Promise<unknown>;
  host[method] = (...args: unknown[]) => {
    seen.push({ args, state: vm().state });
    return original.apply(target, args);
  };
  return seen;
}

async function signedIn(): Promise<{ world: TestWorld; alice: TestClient }> {
  const world = new TestWorld().users(
    'alice',
    { userID: 'bob', nickname: 'Bobby' },
    { userID: 'bo2', nickname: 'Bonnie' },
  );
  return { world, alice: await world.signIn('alice') };
}

const idle = (target: 'friend' | 'group'): AddSearchState => ({
  target,
  keyword: '',
  canSearch: false,
  results: undefined,
  notFound: false,
  busy: false,
  error: undefined,
});

describe('AddSearchViewModel: searches, lookups and their failures', () => {
  it('starts blank and idle; typing clears an earlier not-found', async () => {
    const { alice } = await signedIn();
    const search = alice.viewModels.addSearch('group');
    expect(search.state).toEqual(idle('group'));
    search.setKeyword('nope');
    await search.search();
    expect(search.state).toEqual({ ...idle('group'), keyword: 'nope', canSearch: true, notFound: true });
    search.setKeyword('nope2');
    expect(search.state).toEqual({ ...idle('group'), keyword: 'nope2', canSearch: true });
  });

  it('a friend search is busy while it runs, then lists every hit by its display name', async () => {
    const { alice } = await signedIn();
    const search = alice.viewModels.addSearch('friend');
    expect(search.state).toEqual(idle('friend'));
    const seen = spy(alice.contactActions, 'searchUsers', () => search);
    search.setKeyword(' bo ');
    expect(await search.search()).toEqual({ ok: true, value: { kind: 'users' } });
    expect(seen).toEqual([
      { args: ['bo'], state: { ...idle('friend'), keyword: ' bo ', canSearch: true, busy: true } },
    ]);
    expect(search.state.busy).toBe(false);
    expect(search.state.error).toBeUndefined();
    expect(search.state.results?.map((r) => [r.userID, r.name])).toEqual([
      ['bob', 'Bobby'],
      ['bo2', 'Bonnie'],
    ]);
  });

  it('a failed friend search shows the server text and no list', async () => {
    const { alice } = await signedIn();
    const search = alice.viewModels.addSearch('friend');
    search.setKeyword('Bobby');
    await search.search();
    alice.ports.chatApi.searchUsers = () => Promise.reject(new RemoteError(10002, 'down'));
    expect(await search.search()).toEqual({
      ok: false,
      error: { kind: 'remote', code: 10002, message: 'down' },
    });
    expect(search.state).toEqual({
      ...idle('friend'),
      keyword: 'Bobby',
      canSearch: true,
      error: classifyServerError(10002, 'down').display,
    });
  });

  it('a group lookup is busy while it runs; a server failure still opens the card by id', async () => {
    const { alice } = await signedIn();
    const search = alice.viewModels.addSearch('group');
    const seen = spy(alice.contactActions, 'findGroup', () => search);
    search.setKeyword(' g-1 ');
    alice.ports.device.groups.getGroups = () => Promise.reject(new RemoteError(10004, 'starting'));
    expect(await search.search()).toEqual({ ok: true, value: { kind: 'group', group: { groupID: 'g-1' } } });
    expect(seen).toEqual([
      { args: ['g-1'], state: { ...idle('group'), keyword: ' g-1 ', canSearch: true, busy: true } },
    ]);
    expect(search.state).toEqual({ ...idle('group'), keyword: ' g-1 ', canSearch: true });
  });

  it('a group lookup refused by a rule shows the rule', async () => {
    const { alice } = await signedIn();
    const search = alice.viewModels.addSearch('group');
    const refusal = {
      kind: 'validation',
      field: 'searchKeyword',
      i18nKey: 'validation.search.required',
    } as const;
    alice.contactActions.findGroup = () => Promise.resolve({ ok: false, error: refusal } as never);
    search.setKeyword('g-1');
    expect(await search.search()).toEqual({ ok: false, error: refusal });
    expect(search.state).toEqual({
      ...idle('group'),
      keyword: 'g-1',
      canSearch: true,
      error: { kind: 'i18n', i18nKey: 'validation.search.required' },
    });
  });
});
