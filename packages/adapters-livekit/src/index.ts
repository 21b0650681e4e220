export type * from './room-like';
export * from './video-options';
export * from './livekit-rtc-room';
export * from './livekit-factory';
export * from './create-rtc-room';
export * from './livekit-call-devices';
export * from './livekit-call-media';
export * from './livekit-server-probe';
export * from './livekit-meeting-room';
