import { InMemoryLocalStore, InMemorySessionStore } from '@teamim/application/testing';
import { keyValueStoreContract } from './key-value-store.contract';

keyValueStoreContract('in-memory LocalStore', () => {
  const store = new InMemoryLocalStore();
  // The in-memory store is its own storage: "reopening" it is seeing the same map again.
  return { store, reopen: () => store };
});

keyValueStoreContract('in-memory SessionStore', () => {
  const store = new InMemorySessionStore();
  return { store, reopen: () => store };
});
