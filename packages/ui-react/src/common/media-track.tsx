import { useEffect, useRef } from 'react';

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
export function TrackVideo(props: { track: MediaStreamTrack; className: string; label: string }) {
  const ref = useTrack<HTMLVideoElement>(props.track);
  return <video ref={ref} className={props.className} aria-label={props.label} autoPlay playsInline muted />;
}

/** A remote microphone, played without a visible element. */
export function TrackAudio(props: { track: MediaStreamTrack }) {
  const ref = useTrack<HTMLAudioElement>(props.track);
  return <audio ref={ref} autoPlay />;
}
