// The server's public entry points (createServer for tests and tools) are exported here.
export {};
