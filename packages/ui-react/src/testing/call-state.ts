import type { CallOverlayState } from '@teamim/application';

/** The overlay's state while alice's video call rings for the receiver (the view tests' starting point). */
export const ringingCall: CallOverlayState = {
  open: true,
  status: 'incoming',
  tone: 'light',
  mediaType: 'video',
  role: 'receiver',
  peer: { userID: 'alice', nickname: 'Alice', faceURL: '' },
  timerText: '00:00',
  statusKey: 'call.incomingVideo',
  microphoneEnabled: true,
  cameraEnabled: true,
  canToggleCamera: true,
  canAnswer: true,
  closeLabelKey: 'call.reject',
  microphones: { devices: [], selectedID: undefined },
  cameras: { devices: [], selectedID: undefined },
  peerMediaShown: false,
  peerMicrophoneMuted: false,
  peerCameraOff: false,
};
