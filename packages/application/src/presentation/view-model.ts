import { BehaviorSubject, Subscription, type Observable, type TeardownLogic } from 'rxjs';

/**
 * What every view model offers a view: a hot `state$` that replays the current state to each new
 * subscriber, and `dispose()`, which completes it and releases what the view model subscribed to.
 * Actions are plain methods returning a `Result` (or a promise of one); a view never decides a rule.
 */
export interface ViewModel<S> {
  readonly state$: Observable<S>;
  readonly disposed: boolean;
  dispose(): void;
}

/**
 * The common base: one `BehaviorSubject` for the state, one subscription bag for the view model's own
 * subscriptions. Subclasses call `patch` or `set`; nothing outside can push state.
 */
export abstract class StateViewModel<S> implements ViewModel<S> {
  private readonly subject: BehaviorSubject<S>;
  private readonly owned = new Subscription();
  readonly state$: Observable<S>;

  protected constructor(initial: S) {
    this.subject = new BehaviorSubject(initial);
    this.state$ = this.subject.asObservable();
  }

  /** The current state, for actions that decide by it. */
  get state(): S {
    return this.subject.value;
  }

  get disposed(): boolean {
    return this.owned.closed;
  }

  protected set(next: S): void {
    if (!this.owned.closed) this.subject.next(next);
  }

  protected patch(changes: Partial<S>): void {
    this.set({ ...this.subject.value, ...changes });
  }

  /** Ties a subscription (or teardown) to the view model's lifetime. */
  protected own(teardown: TeardownLogic): void {
    this.owned.add(teardown);
  }

  dispose(): void {
    this.owned.unsubscribe();
    this.subject.complete();
  }
}
