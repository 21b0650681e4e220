import type { VideoElementLike, VideoHostLike } from '../video-elements';

/** Where a view shows a video, as the page's DOM keeps it: one child at most, moved from elsewhere. */
export class FakeVideoHost implements VideoHostLike {
  child: FakeVideoElement | undefined;

  replaceChildren(element: FakeVideoElement): void {
    element.remove();
    this.child = element;
    element.parentElement = this;
  }
}

/** A video element the room made: what it plays, how often it was told to play, where it is. */
export class FakeVideoElement implements VideoElementLike {
  srcObject: unknown;
  parentElement: FakeVideoHost | undefined;
  plays = 0;

  constructor(readonly track: unknown) {
    this.srcObject = track;
  }

  play(): Promise<void> {
    this.plays += 1;
    return Promise.resolve();
  }

  remove(): void {
    if (this.parentElement?.child === this) this.parentElement.child = undefined;
    this.parentElement = undefined;
  }
}

/** The room's maker of playing video elements, keeping each it made. */
export class FakeVideoElements {
  readonly made: FakeVideoElement[] = [];

  readonly playing = (track: unknown): FakeVideoElement => {
    const element = new FakeVideoElement(track);
    element.plays += 1;
    this.made.push(element);
    return element;
  };

  of(track: unknown): FakeVideoElement | undefined {
    return this.made.find((e) => e.track === track);
  }
}
