import {
  Button,
  FluentProvider,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  Tooltip,
} from '@fluentui/react-components';
import {
  Call24Filled,
  CallEnd24Filled,
  Mic24Regular,
  MicOff16Filled,
  MicOff24Regular,
  Settings24Regular,
  Video24Regular,
  VideoOff24Regular,
} from '@fluentui/react-icons';
import type {
  CallMediaTracks as CallMediaPort,
  CallOverlayState,
  CallOverlayViewModel,
} from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect } from 'react';
import { TrackAudio, TrackVideo } from '../common/media-track';
import { useText } from '../text';
import { themeFor } from '../theme';
import { CallDeviceSelects } from './CallDeviceSelects';
import { useCallStyles } from './call-styles';
import { FaceAvatar } from '../FaceAvatar';

/** Platform media tracks of the call, from the media room. */
export interface CallMediaTracks {
  readonly remoteVideo?: MediaStreamTrack | undefined;
  readonly remoteAudio?: MediaStreamTrack | undefined;
  readonly localVideo?: MediaStreamTrack | undefined;
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

/** The call overlay of spec §2, drawn from a {@link CallOverlayState}; renders nothing without a call. */
export function CallOverlayView(props: CallOverlayViewProps) {
  const { state, media = {} } = props;
  const styles = useCallStyles();
  const { t } = useText();
  if (!state.open) return null;
  const connected = state.status === 'connected' || state.status === 'reconnecting';
  const video = state.mediaType === 'video';
  const name = state.peer.nickname;
  const remoteVideo = state.peerMediaShown && video && !state.peerCameraOff ? media.remoteVideo : undefined;
  const localVideo = video && state.cameraEnabled ? media.localVideo : undefined;
  // While its call rings the caller sees its own camera full size, as it will be seen once answered.
  const preview = state.status === 'outgoing' ? localVideo : undefined;
  const busy = state.status === 'connecting' || state.status === 'reconnecting';
  const hasDevices = state.microphones.devices.length > 0 || state.cameras.devices.length > 0;
  const onVideo = remoteVideo !== undefined || preview !== undefined;
  return (
    // Spec §2: light while it rings, dark once connected, whatever the app's own theme. Its tooltips take
    // the theme, not the frame: with the provider's classes, their layer was a blank box over the call.
    <FluentProvider theme={themeFor(state.tone)} className={styles.frame} applyStylesToPortals={false}>
      <section
        role="dialog"
        aria-label={t(video ? 'call.videoCall' : 'call.voiceCall')}
        data-tone={state.tone}
        data-status={state.status}
        className={mergeClasses(styles.overlay, state.tone === 'dark' && styles.dark)}
      >
        {remoteVideo !== undefined && (
          <TrackVideo
            track={remoteVideo}
            className={styles.remoteVideo}
            label={t('call.remoteVideo', { name })}
          />
        )}
        {preview !== undefined && (
          <TrackVideo track={preview} className={styles.remoteVideo} label={t('call.localVideo')} mirrored />
        )}
        {localVideo !== undefined && preview === undefined && (
          <TrackVideo
            track={localVideo}
            className={styles.localVideo}
            label={t('call.localVideo')}
            mirrored
          />
        )}
        {state.peerMediaShown && media.remoteAudio !== undefined && <TrackAudio track={media.remoteAudio} />}
        <div className={mergeClasses(styles.identity, onVideo && styles.identityOnVideo)}>
          {!onVideo && (
            <>
              <FaceAvatar name={name} faceURL={state.peer.faceURL} size={72} />
              <Text size={500} weight="semibold" className={styles.name}>
                {name}
              </Text>
            </>
          )}
          {onVideo && (
            <Text weight="semibold" className={styles.name}>
              {name}
            </Text>
          )}
          <div className={mergeClasses(styles.status, onVideo && styles.statusOnVideo)} role="status">
            {busy && <Spinner size="tiny" />}
            <Text className={connected && !busy ? styles.timer : undefined}>
              {connected && !busy ? state.timerText : t(state.statusKey)}
            </Text>
          </div>
          {(state.peerMicrophoneMuted || state.peerCameraOff) && (
            <Text size={200} className={styles.peerNote}>
              {state.peerMicrophoneMuted && <MicOff16Filled aria-hidden />}
              {state.peerMicrophoneMuted
                ? t('ui.call.peerMuted', { name })
                : t('ui.call.peerCameraOff', { name })}
            </Text>
          )}
        </div>
        {onVideo && <div className={styles.spacer} />}
        <div role="group" aria-label={t('ui.call.controls')} className={styles.controls}>
          <Tooltip
            content={t(state.microphoneEnabled ? 'call.microphoneOn' : 'call.microphoneOff')}
            relationship="label"
          >
            <Button
              shape="circular"
              size="large"
              aria-pressed={!state.microphoneEnabled}
              icon={state.microphoneEnabled ? <Mic24Regular /> : <MicOff24Regular />}
              onClick={props.onToggleMicrophone}
            />
          </Tooltip>
          {state.canToggleCamera && (
            <Tooltip
              content={t(state.cameraEnabled ? 'call.cameraOn' : 'call.cameraOff')}
              relationship="label"
            >
              <Button
                shape="circular"
                size="large"
                aria-pressed={!state.cameraEnabled}
                icon={state.cameraEnabled ? <Video24Regular /> : <VideoOff24Regular />}
                onClick={props.onToggleCamera}
              />
            </Tooltip>
          )}
          {hasDevices && (
            <Popover positioning={{ position: 'above', strategy: 'fixed' }} inline withArrow>
              <PopoverTrigger disableButtonEnhancement>
                <Tooltip content={t('ui.call.devices')} relationship="label">
                  <Button shape="circular" size="large" icon={<Settings24Regular />} />
                </Tooltip>
              </PopoverTrigger>
              <PopoverSurface aria-label={t('ui.call.devices')}>
                <CallDeviceSelects
                  state={state}
                  onSelectMicrophone={props.onSelectMicrophone}
                  onSelectCamera={props.onSelectCamera}
                />
              </PopoverSurface>
            </Popover>
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
    </FluentProvider>
  );
}

/** The platform's track, when the media room gave one (the application passes them through untyped). */
function asTrack(track: unknown): MediaStreamTrack | undefined {
  return typeof MediaStreamTrack !== 'undefined' && track instanceof MediaStreamTrack ? track : undefined;
}

function platformTracks(media: CallMediaPort): CallMediaTracks {
  return {
    remoteVideo: asTrack(media.remoteVideo),
    remoteAudio: asTrack(media.remoteAudio),
    localVideo: asTrack(media.localVideo),
  };
}

export interface CallOverlayProps {
  readonly viewModel: CallOverlayViewModel;
}

/** The overlay bound to its view model; lists the devices each time a call opens it. */
export function CallOverlay({ viewModel }: CallOverlayProps) {
  const state = useObservableEagerState(viewModel.state$);
  const media = useObservableEagerState(viewModel.media$);
  useEffect(() => {
    if (state.open) void viewModel.loadDevices();
  }, [state.open, viewModel]);
  return (
    <CallOverlayView
      state={state}
      media={platformTracks(media)}
      onAnswer={() => void viewModel.answer()}
      onClose={() => void viewModel.close()}
      onToggleMicrophone={() => void viewModel.toggleMicrophone()}
      onToggleCamera={() => void viewModel.toggleCamera()}
      onSelectMicrophone={(id) => void viewModel.selectMicrophone(id)}
      onSelectCamera={(id) => void viewModel.selectCamera(id)}
    />
  );
}
