// The server's public entry points (createServer for tests and tools) are exported here. It is the seeding
// one, so that tests and tools can ask for `seed: 'demo'`.
export { createServer } from './seed/server';
export { type RunningServer } from './app';
export { type ServerConfig, resolveConfig, parseArgs, helpText } from './config';
// Every code the server can answer, and the sentences whose parameters clients read, so that the client's
// error catalogue can be checked against them.
export { ErrCode as IM_ERROR_CODES, contentTooLargeMessage } from './im/errors';
export {
  ErrCode as CHAT_ERROR_CODES,
  payPasswordLockedMessage,
  payPasswordWrongMessage,
} from './chat/errors';
export { WsErrCode as GATEWAY_ERROR_CODES } from './wire/contract';
export { UPLOAD_EXPIRED } from './objects/service';
