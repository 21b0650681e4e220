import type { VideoPublishOptionsLike } from './room-like';

/** Spec §7 "Call media room": video codec preference vp9, with vp8 as backup. */
export const VIDEO_PUBLISH_OPTIONS: VideoPublishOptionsLike = {
  videoCodec: 'vp9',
  backupCodec: { codec: 'vp8' },
  scalabilityMode: 'L1T3',
};
