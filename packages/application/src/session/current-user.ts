import { BehaviorSubject, type Observable } from 'rxjs';
import type { SelfInfo } from '@teamim/domain';

/** Who is signed in. Hot; replays the current self info (undefined when signed out). */
export class CurrentUser {
  private readonly self = new BehaviorSubject<SelfInfo | undefined>(undefined);
  private userID = '';
  readonly selfInfo$: Observable<SelfInfo | undefined> = this.self.asObservable();

  /** The signed-in user id, or '' when signed out. */
  id(): string {
    return this.userID;
  }

  get selfInfo(): SelfInfo | undefined {
    return this.self.value;
  }

  setUserID(userID: string): void {
    this.userID = userID;
  }

  setSelfInfo(info: SelfInfo | undefined): void {
    this.userID = info?.userID ?? this.userID;
    this.self.next(info);
  }

  clear(): void {
    this.userID = '';
    this.self.next(undefined);
  }
}
