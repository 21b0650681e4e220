import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';

const useMediaStyles = makeStyles({
  // Only the element that shows the own camera here: what the others receive is never turned.
  mirrored: { transform: 'scaleX(-1)' },
});

/**
 * A video element's class and mark, mirrored when it shows the own camera: as in every call app, the
 * own picture moves like a mirror image (never the own screen, whose text would read backwards).
 */
export function useVideoMirror(
  mirrored: boolean,
  className: string,
): { readonly className: string; readonly 'data-mirrored': boolean } {
  const styles = useMediaStyles();
  return { className: mergeClasses(className, mirrored && styles.mirrored), 'data-mirrored': mirrored };
}

/** Plays a platform track in a media element for as long as both are there. */
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

/** A camera or screen track, muted (its sound, if any, plays through {@link TrackAudio}). */
export function TrackVideo(props: {
  readonly track: MediaStreamTrack;
  readonly className: string;
  readonly label: string;
  /** The own camera's preview. */
  readonly mirrored?: boolean;
}) {
  const ref = useTrack<HTMLVideoElement>(props.track);
  const mirror = useVideoMirror(props.mirrored ?? false, props.className);
  return <video ref={ref} {...mirror} aria-label={props.label} autoPlay playsInline muted />;
}

/** A remote microphone, played without a visible element. */
export function TrackAudio(props: { track: MediaStreamTrack }) {
  const ref = useTrack<HTMLAudioElement>(props.track);
  return <audio ref={ref} autoPlay />;
}
