// Loaded on demand by the routes: the chat area (conversation list and chat view).
export { ChatEmpty, ChatLayout } from './ChatPages';
export { ChatView } from './ChatView';
