import { BehaviorSubject, type Observable } from 'rxjs';
import type { SelfInfo } from '@teamim/domain';

/**
 * Who is signed in: the id the session scope opened with, for as long as the scope lives, and the self
 * info once the login has read it. `selfInfo$` is hot and replays (undefined until it is read).
 */
export class CurrentUser {
  private readonly self = new BehaviorSubject<SelfInfo | undefined>(undefined);
  readonly selfInfo$: Observable<SelfInfo | undefined> = this.self.asObservable();

  constructor(private readonly userID: string) {}

  /** The signed-in user's id. */
  id(): string {
    return this.userID;
  }

  get selfInfo(): SelfInfo | undefined {
    return this.self.value;
  }

  setSelfInfo(info: SelfInfo | undefined): void {
    this.self.next(info);
  }

  dispose(): void {
    this.self.complete();
  }
}
