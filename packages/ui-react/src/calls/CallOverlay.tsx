import { Avatar, Button, mergeClasses, Select, Spinner, Text } from '@fluentui/react-components';
import {
  Call24Filled,
  CallEnd24Filled,
  Mic24Regular,
  MicOff24Regular,
  Video24Regular,
  VideoOff24Regular,
} from '@fluentui/react-icons';
import type { CallOverlayState, CallOverlayViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useRef } from 'react';
import { useText } from '../text';
import { useCallStyles } from './call-styles';

/** Platform media tracks of the call, from the media room (the composition root passes them in). */
export interface CallMediaTracks {
  readonly remoteVideo?: MediaStreamTrack;
  readonly remoteAudio?: MediaStreamTrack;
  readonly localVideo?: MediaStreamTrack;
}

export interface CallOverlayViewProps {
  readonly state: CallOverlayState;
  readonly media?: CallMediaTracks | undefined;
  readonly onAnswer: () => void;
  readonly onClose: () => void;
  readonly onToggleMicrophone: () => void;
  readonly onToggleCamera: () => void;
  readonly onSelectMicrophone: (deviceID: string) => void;
  readonly onSelectCamera: (deviceID: string) => void;
}

function useTrack<E extends HTMLMediaElement>(track: MediaStreamTrack | undefined) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    element.srcObject = track === undefined ? null : new MediaStream([track]);
    return () => {
      element.srcObject = null;
    };
  }, [track]);
  return ref;
}

function TrackVideo(props: { track: MediaStreamTrack; className: string; label: string }) {
  const ref = useTrack<HTMLVideoElement>(props.track);
  return <video ref={ref} className={props.className} aria-label={props.label} autoPlay playsInline muted />;
}

function TrackAudio(props: { track: MediaStreamTrack }) {
  const ref = useTrack<HTMLAudioElement>(props.track);
  return <audio ref={ref} autoPlay />;
}

/** The call overlay of spec §2, drawn from a {@link CallOverlayState}; renders nothing without a call. */
export function CallOverlayView(props: CallOverlayViewProps) {
  const { state, media = {} } = props;
  const styles = useCallStyles();
  const { t } = useText();
  if (!state.open) return null;
  const connected = state.status === 'connected' || state.status === 'reconnecting';
  const video = state.mediaType === 'video';
  const remoteVideo = connected && video ? media.remoteVideo : undefined;
  const localVideo = connected && video && state.cameraEnabled ? media.localVideo : undefined;
  const busy = state.status === 'connecting' || state.status === 'reconnecting';
  return (
    <section
      role="dialog"
      aria-label={t(video ? 'call.videoCall' : 'call.voiceCall')}
      data-tone={state.tone}
      className={mergeClasses(styles.overlay, state.tone === 'dark' ? styles.dark : styles.light)}
    >
      {remoteVideo !== undefined && (
        <TrackVideo
          track={remoteVideo}
          className={styles.remoteVideo}
          label={t('call.remoteVideo', { name: state.peer.nickname })}
        />
      )}
      {localVideo !== undefined && (
        <TrackVideo track={localVideo} className={styles.localVideo} label={t('call.localVideo')} />
      )}
      {connected && media.remoteAudio !== undefined && <TrackAudio track={media.remoteAudio} />}
      <div className={styles.identity}>
        {remoteVideo === undefined && (
          <>
            <Avatar size={72} name={state.peer.nickname} image={{ src: state.peer.faceURL || undefined }} />
            <Text size={500} weight="semibold">
              {state.peer.nickname}
            </Text>
          </>
        )}
        <div className={styles.status} role="status">
          {busy && <Spinner size="tiny" />}
          <Text>{connected && !busy ? state.timerText : t(state.statusKey)}</Text>
        </div>
      </div>
      {(state.microphones.devices.length > 0 || state.cameras.devices.length > 0) && (
        <div className={styles.devices}>
          {state.microphones.devices.length > 0 && (
            <Select
              size="small"
              aria-label={t('call.microphone')}
              value={state.microphones.selectedID ?? ''}
              onChange={(_e, data) => props.onSelectMicrophone(data.value)}
            >
              {state.microphones.devices.map((d) => (
                <option key={d.deviceID} value={d.deviceID}>
                  {d.label || d.deviceID}
                </option>
              ))}
            </Select>
          )}
          {video && state.cameras.devices.length > 0 && (
            <Select
              size="small"
              aria-label={t('call.camera')}
              value={state.cameras.selectedID ?? ''}
              onChange={(_e, data) => props.onSelectCamera(data.value)}
            >
              {state.cameras.devices.map((d) => (
                <option key={d.deviceID} value={d.deviceID}>
                  {d.label || d.deviceID}
                </option>
              ))}
            </Select>
          )}
        </div>
      )}
      <div className={styles.controls}>
        <Button
          shape="circular"
          size="large"
          aria-pressed={!state.microphoneEnabled}
          icon={state.microphoneEnabled ? <Mic24Regular /> : <MicOff24Regular />}
          aria-label={t(state.microphoneEnabled ? 'call.microphoneOn' : 'call.microphoneOff')}
          onClick={props.onToggleMicrophone}
        />
        {state.canToggleCamera && (
          <Button
            shape="circular"
            size="large"
            aria-pressed={!state.cameraEnabled}
            icon={state.cameraEnabled ? <Video24Regular /> : <VideoOff24Regular />}
            aria-label={t(state.cameraEnabled ? 'call.cameraOn' : 'call.cameraOff')}
            onClick={props.onToggleCamera}
          />
        )}
        <Button
          shape="circular"
          size="large"
          className={styles.hangUp}
          icon={<CallEnd24Filled />}
          onClick={props.onClose}
        >
          {t(state.closeLabelKey)}
        </Button>
        {state.canAnswer && (
          <Button
            shape="circular"
            size="large"
            className={styles.answer}
            icon={<Call24Filled />}
            onClick={props.onAnswer}
          >
            {t('call.answer')}
          </Button>
        )}
      </div>
    </section>
  );
}

export interface CallOverlayProps {
  readonly viewModel: CallOverlayViewModel;
  readonly media?: CallMediaTracks | undefined;
}

/** The overlay bound to its view model; lists the devices each time a call opens it. */
export function CallOverlay({ viewModel, media }: CallOverlayProps) {
  const state = useObservableEagerState(viewModel.state$);
  useEffect(() => {
    if (state.open) void viewModel.loadDevices();
  }, [state.open, viewModel]);
  return (
    <CallOverlayView
      state={state}
      media={media}
      onAnswer={() => void viewModel.answer()}
      onClose={() => void viewModel.close()}
      onToggleMicrophone={() => void viewModel.toggleMicrophone()}
      onToggleCamera={() => void viewModel.toggleCamera()}
      onSelectMicrophone={(id) => void viewModel.selectMicrophone(id)}
      onSelectCamera={(id) => void viewModel.selectCamera(id)}
    />
  );
}
