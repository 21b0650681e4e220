export * from './fake-livekit';
