// The server's public entry points (createServer for tests and tools) are exported here.
export { createServer, type RunningServer } from './app';
export { type ServerConfig, resolveConfig, parseArgs, helpText } from './config';
