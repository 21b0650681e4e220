/** What the warm-up needs of a Web Audio context: that it can be closed again. */
interface ClosableAudio {
  close(): Promise<void>;
}

const browserAudioContext =
  typeof AudioContext === 'undefined'
    ? undefined
    : (): ClosableAudio => new AudioContext({ latencyHint: 'interactive' });

/**
 * Starts the browser's audio output ahead of a room's join. livekit-client creates an AudioContext as a
 * room connects, before it opens its connection, and the page's first one also starts the browser's
 * audio output: in a profile of a meeting's join on a busy two-core machine that held the main thread
 * 130 ms (later ones take a few milliseconds). One created and closed while a join is only likely moves
 * that cost ahead of it. Once per page; where there is no Web Audio, nothing.
 */
export class AudioWarmUp {
  private done = false;

  constructor(private readonly createContext: (() => ClosableAudio) | undefined = browserAudioContext) {}

  warm(): void {
    if (this.done || this.createContext === undefined) return;
    this.done = true;
    try {
      this.createContext()
        .close()
        .catch(() => undefined);
    } catch {
      // No audio output here: the join goes on without it, as livekit-client's own does.
    }
  }
}

/** The page's warm-up: the audio output, once started, serves every later room of the page. */
export const pageAudioWarmUp = new AudioWarmUp();
