import { MemoryStorage, WebLocalStore, WebSessionStore } from '@teamim/adapters-http';
import { keyValueStoreContract } from './key-value-store.contract';

// Node has no localStorage; MemoryStorage implements the same Web Storage interface.
keyValueStoreContract('WebLocalStore over Web Storage', () => {
  const storage = new MemoryStorage();
  return { store: new WebLocalStore(storage), reopen: () => new WebLocalStore(storage) };
});

keyValueStoreContract('WebSessionStore over Web Storage', () => {
  const storage = new MemoryStorage();
  return { store: new WebSessionStore(storage), reopen: () => new WebSessionStore(storage) };
});
