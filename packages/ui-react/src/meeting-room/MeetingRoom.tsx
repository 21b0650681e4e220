import { MeetingRoomViewModel, type MeetingRoomMedia } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect } from 'react';
import { useViewModel } from '../session';
import { MeetingRoomView, type MeetingRoomTracks } from './MeetingRoomView';

/** The platform's track, when the media room gave one (the application passes them through untyped). */
function asTrack(track: unknown): MediaStreamTrack | undefined {
  return typeof MediaStreamTrack !== 'undefined' && track instanceof MediaStreamTrack ? track : undefined;
}

function platformTracks(media: MeetingRoomMedia): MeetingRoomTracks {
  const videos = new Map<string, MediaStreamTrack>();
  for (const [key, track] of media.videos) {
    const platform = asTrack(track);
    if (platform !== undefined) videos.set(key, platform);
  }
  const audios = media.audios.flatMap(({ userID, track }) => {
    const platform = asTrack(track);
    return platform === undefined ? [] : [{ userID, track: platform }];
  });
  return { videos, audios };
}

/** The meeting view and its view model (made here, of the class this chunk brings); lists the devices. */
export function MeetingRoom() {
  const viewModel = useViewModel((vms) => vms.meetingRoom(MeetingRoomViewModel));
  const state = useObservableEagerState(viewModel.state$);
  const media = useObservableEagerState(viewModel.media$);
  useEffect(() => {
    if (state.open) void viewModel.loadDevices();
  }, [state.open, viewModel]);
  return (
    <MeetingRoomView
      state={state}
      media={platformTracks(media)}
      onAttachVideo={viewModel.attachVideo}
      onLeave={() => void viewModel.leave()}
      onAskToEndForAll={() => viewModel.askToEndForAll()}
      onCancelEndForAll={() => viewModel.cancelEndForAll()}
      onEndForAll={() => void viewModel.endForAll()}
      onToggleMicrophone={() => void viewModel.toggleMicrophone()}
      onToggleCamera={() => void viewModel.toggleCamera()}
      onToggleScreenShare={() => void viewModel.toggleScreenShare()}
      onTogglePeople={() => viewModel.togglePeople()}
      onPreviousPage={() => viewModel.previousPage()}
      onNextPage={() => viewModel.nextPage()}
      onSelectMicrophone={(id) => void viewModel.selectMicrophone(id)}
      onSelectCamera={(id) => void viewModel.selectCamera(id)}
    />
  );
}
