// The status line's rule lives with the session's connection monitor.
export { connectionStatus, type ConnectionStatus } from '../../session/connection-monitor';
