// Test and benchmark helpers of the WebSocket wire layer (never imported by production code).
export { OpenImTestClient, type ConnectResult, type HandshakeResult } from './client';
export { WsRequestError, type TestClientOptions } from './connection';
export { runWsLoad, type LoadOptions, type LoadResult, type LoadUser } from './load';
export { mulberry32, randomBytes, randomInt, randomString } from './random';
