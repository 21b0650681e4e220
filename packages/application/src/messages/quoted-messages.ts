import type { Message } from '@teamim/domain';

/** The copy of a message that travels inside a quote: without what only this device knows. */
export function quotable(message: Message): Message {
  const {
    localPreviewURL: _preview,
    uploadProgress: _progress,
    isPinned: _pinned,
    pinnedTime: _pinnedTime,
    pinnedBy: _pinnedBy,
    unpinnedTime: _unpinnedTime,
    unpinnedBy: _unpinnedBy,
    ...shared
  } = message;
  return shared;
}
