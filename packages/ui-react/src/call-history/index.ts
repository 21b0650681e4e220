// Loaded on demand by the routes: the call history page.
export { CallHistoryPage } from './CallHistoryPage';
