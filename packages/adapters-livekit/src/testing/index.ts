export * from './fake-livekit';
export * from './fake-local-tracks';
