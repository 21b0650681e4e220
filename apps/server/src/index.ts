// The server's public entry points (createServer for tests and tools) are exported here. It is the seeding
// one, so that tests and tools can ask for `seed: 'demo'`.
export { createServer } from './seed/server';
export { type RunningServer } from './app';
export { type ServerConfig, resolveConfig, parseArgs, helpText } from './config';
