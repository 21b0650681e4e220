import { Button, FluentProvider, mergeClasses, Spinner, Text } from '@fluentui/react-components';
// Only icons the app already draws: every icon lands in the one icons chunk the sign-in page loads.
import {
  ArrowLeftRegular,
  ChevronRightRegular,
  MicOff16Filled,
  VideoOff24Regular,
} from '@fluentui/react-icons';
import type { MeetingRoomViewState } from '@teamim/application';
import { FaceAvatar } from '../FaceAvatar';
import { useText } from '../text';
import { themeFor } from '../theme';
import { MeetingControls, type MeetingControlsProps } from './MeetingControls';
import { useMeetingRoomMessages } from './meeting-room-messages';
import { useMeetingRoomStyles } from './meeting-room-styles';
import { MeetingAudio, MeetingTile, type AttachVideo } from './MeetingTile';

/** The platform tracks to attach: videos by tile key, and the remote microphones. */
export interface MeetingRoomTracks {
  readonly videos: ReadonlyMap<string, MediaStreamTrack>;
  readonly audios: readonly { readonly userID: string; readonly track: MediaStreamTrack }[];
}

export interface MeetingRoomViewProps extends MeetingControlsProps {
  readonly state: MeetingRoomViewState;
  readonly media?: MeetingRoomTracks | undefined;
  /** Plays a tile's video through the room (see {@link AttachVideo}); returns the detach. */
  readonly onAttachVideo: AttachVideo;
  readonly onPreviousPage: () => void;
  readonly onNextPage: () => void;
}

const NO_TRACKS: MeetingRoomTracks = { videos: new Map(), audios: [] };

/** The meeting view (grid, controls, participant list), drawn from a {@link MeetingRoomViewState}. */
export function MeetingRoomView(props: MeetingRoomViewProps) {
  const { state, media = NO_TRACKS } = props;
  useMeetingRoomMessages();
  const styles = useMeetingRoomStyles();
  const { t } = useText();
  if (!state.open) return null;
  const columns =
    state.tiles.length <= 1 ? styles.grid1 : state.tiles.length <= 4 ? styles.grid2 : styles.grid3;
  const busy = state.status !== 'connected';
  return (
    // As a call's overlay: light while joining, dark once in, whatever the app's own theme. Its tooltips
    // and the end question take the theme, not the frame: with the provider's classes, their layer
    // covered the whole window in the background colour.
    <FluentProvider theme={themeFor(state.tone)} className={styles.frame} applyStylesToPortals={false}>
      <section
        aria-label={t('ui.meetingRoom.region', { title: state.title })}
        data-tone={state.tone}
        data-status={state.status}
        className={mergeClasses(styles.room, state.tone === 'dark' && styles.dark)}
      >
        <header className={styles.header}>
          <Text as="h2" size={400} weight="semibold" className={styles.title}>
            {state.title}
          </Text>
          <div role="status" className={styles.status}>
            {busy && <Spinner size="tiny" />}
            {busy && (
              <Text>
                {t(
                  state.status === 'connecting' ? 'ui.meetingRoom.connecting' : 'ui.meetingRoom.reconnecting',
                )}
              </Text>
            )}
          </div>
        </header>
        <div className={styles.stage}>
          <ul aria-label={t('ui.meetingRoom.grid')} className={mergeClasses(styles.grid, columns)}>
            {state.tiles.map((tile) => (
              <MeetingTile
                key={tile.key}
                tile={tile}
                video={media.videos.get(tile.key)}
                attach={props.onAttachVideo}
              />
            ))}
          </ul>
          {state.pageCount > 1 && (
            <nav
              className={styles.paging}
              aria-label={t('ui.meetingRoom.pageOf', { page: state.page + 1, count: state.pageCount })}
            >
              <Button
                icon={<ArrowLeftRegular />}
                aria-label={t('ui.meetingRoom.previousPage')}
                disabled={state.page === 0}
                onClick={props.onPreviousPage}
              />
              <Text>{t('ui.meetingRoom.pageOf', { page: state.page + 1, count: state.pageCount })}</Text>
              <Button
                icon={<ChevronRightRegular />}
                aria-label={t('ui.meetingRoom.nextPage')}
                disabled={state.page >= state.pageCount - 1}
                onClick={props.onNextPage}
              />
            </nav>
          )}
        </div>
        {media.audios.map((audio) => (
          <MeetingAudio key={audio.userID} track={audio.track} />
        ))}
        {state.peopleOpen && (
          <aside aria-label={t('ui.meetingRoom.peopleList')} className={styles.people}>
            <ul className={styles.peopleList}>
              {state.people.map((person) => (
                <li key={person.userID} className={styles.person}>
                  <FaceAvatar name={person.name} faceURL={person.faceURL} size={28} />
                  <Text className={styles.personName}>
                    {person.isSelf ? t('ui.meetingRoom.you', { name: person.name }) : person.name}
                  </Text>
                  {person.isHost && <Text size={200}>{t('ui.meetingRoom.host')}</Text>}
                  {person.cameraOff && (
                    <VideoOff24Regular role="img" aria-label={t('ui.meetingRoom.cameraOff')} />
                  )}
                  {person.microphoneMuted && (
                    <MicOff16Filled role="img" aria-label={t('ui.meetingRoom.muted')} />
                  )}
                </li>
              ))}
            </ul>
          </aside>
        )}
        <MeetingControls {...props} />
      </section>
    </FluentProvider>
  );
}
