// Loaded on demand by the routes: the chat area's list (the conversation list and the empty pane). The
// chat view (log, composer, drawers, calls, wallet) is a chunk of its own, loaded when a chat opens.
export { ChatEmpty, ChatLayout } from './ChatPages';
