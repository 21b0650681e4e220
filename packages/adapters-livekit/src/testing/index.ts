export * from './fake-livekit';
export * from './fake-local-participant';
export * from './fake-local-tracks';
