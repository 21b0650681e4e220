import { deferred } from '../../deferred';

// The picker and its emoji data (~100 KB gzip) are never part of the sign-in page or the list: a composer
// fetches them while idle, so that the first open does not wait for them.
export const emojiPanel = deferred(() => import('./EmojiPanel').then((m) => m.default));
