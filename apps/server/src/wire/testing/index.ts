// Test and benchmark helpers of the WebSocket wire layer (never imported by production code).
export {
  OpenImTestClient,
  WsRequestError,
  type ConnectResult,
  type HandshakeResult,
  type TestClientOptions,
} from './client';
export { runWsLoad, type LoadOptions, type LoadResult, type LoadUser } from './load';
export { mulberry32, randomBytes, randomInt, randomString } from './random';
