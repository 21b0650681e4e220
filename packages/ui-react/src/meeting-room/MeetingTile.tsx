import { mergeClasses, Text } from '@fluentui/react-components';
import { MicOff16Filled } from '@fluentui/react-icons';
import type { MeetingTileView } from '@teamim/application';
import { TrackAudio, TrackVideo } from '../common/media-track';
import { FaceAvatar } from '../FaceAvatar';
import { useText } from '../text';
import { useMeetingRoomStyles } from './meeting-room-styles';

/** A remote participant's microphone, played whatever page of the grid is shown. */
export function MeetingAudio(props: { track: MediaStreamTrack }) {
  return <TrackAudio track={props.track} />;
}

/** One tile of the grid: video, or the avatar and the name; a mute mark; the active speaker outlined. */
export function MeetingTile(props: {
  readonly tile: MeetingTileView;
  readonly video: MediaStreamTrack | undefined;
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
        <TrackVideo
          track={video}
          className={mergeClasses(styles.video, tile.isScreen && styles.screen)}
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
