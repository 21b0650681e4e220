import { mergeClasses, Text } from '@fluentui/react-components';
import { MicOff16Filled } from '@fluentui/react-icons';
import type { MeetingTileView } from '@teamim/application';
import { useLayoutEffect, useRef } from 'react';
import { TrackAudio, useVideoMirror } from '../common/media-track';
import { FaceAvatar } from '../FaceAvatar';
import { useText } from '../text';
import { useMeetingRoomStyles } from './meeting-room-styles';

/** A remote participant's microphone, played whatever page of the grid is shown. */
export function MeetingAudio(props: { track: MediaStreamTrack }) {
  return <TrackAudio track={props.track} />;
}

/** Plays a track in a host element through `attach` (the room), which puts its video element there. */
export type AttachVideo = (track: MediaStreamTrack, host: HTMLElement) => () => void;

/**
 * A camera or a screen, played by the room in a video element of its own that it puts in this host: a
 * remote one's element has played since the track came, so its latest frame shows as soon as the tile is
 * on screen, and the room sees the element's size and visibility and receives the layer that fits
 * (LiveKit's adaptive stream). The view names and styles the element.
 */
function AttachedVideo(props: {
  readonly track: MediaStreamTrack;
  readonly attach: AttachVideo;
  readonly className: string;
  readonly label: string;
  readonly mirrored: boolean;
}) {
  const styles = useMeetingRoomStyles();
  const ref = useRef<HTMLDivElement>(null);
  const { track, attach, label } = props;
  const { className, 'data-mirrored': mirrored } = useVideoMirror(props.mirrored, props.className);
  // Before the paint, so the element is in the tile the moment the tile shows.
  useLayoutEffect(() => {
    const host = ref.current;
    return host === null ? undefined : attach(track, host);
  }, [track, attach]);
  useLayoutEffect(() => {
    const video = ref.current?.querySelector('video');
    if (video === null || video === undefined) return;
    video.className = className;
    video.setAttribute('aria-label', label);
    video.dataset['mirrored'] = String(mirrored);
  }, [track, attach, className, label, mirrored]);
  return <div ref={ref} className={styles.videoHost} />;
}

/** One tile of the grid: video, or the avatar and the name; a mute mark; the active speaker outlined. */
export function MeetingTile(props: {
  readonly tile: MeetingTileView;
  readonly video: MediaStreamTrack | undefined;
  readonly attach: AttachVideo;
}) {
  const { tile, video } = props;
  const styles = useMeetingRoomStyles();
  const { t } = useText();
  const name = tile.isSelf ? t('ui.meetingRoom.you', { name: tile.name }) : tile.name;
  const label = tile.isScreen ? t('ui.meetingRoom.screenOf', { name: tile.name }) : name;
  const showVideo = tile.hasVideo && video !== undefined;
  return (
    <li
      aria-label={label}
      data-user-id={tile.userID}
      data-speaking={tile.activeSpeaker}
      data-muted={tile.microphoneMuted}
      className={mergeClasses(styles.tile, tile.activeSpeaker && styles.speaking)}
    >
      {showVideo && (
        <AttachedVideo
          track={video}
          attach={props.attach}
          className={mergeClasses(styles.video, tile.isScreen && styles.screen)}
          mirrored={tile.isSelf && !tile.isScreen}
          label={
            tile.isScreen
              ? label
              : t(tile.isSelf ? 'call.localVideo' : 'call.remoteVideo', { name: tile.name })
          }
        />
      )}
      {!showVideo && (
        <div className={styles.avatar}>
          <FaceAvatar name={tile.name} faceURL={tile.faceURL} size={72} />
        </div>
      )}
      <div className={styles.label}>
        {!tile.isScreen && tile.microphoneMuted && (
          <MicOff16Filled role="img" aria-label={t('ui.meetingRoom.muted')} />
        )}
        <Text size={200} className={styles.name}>
          {label}
        </Text>
        {tile.activeSpeaker && <span className={styles.name}>{`· ${t('ui.meetingRoom.speaking')}`}</span>}
      </div>
    </li>
  );
}
