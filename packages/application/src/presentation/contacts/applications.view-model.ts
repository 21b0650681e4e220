import {
  ApplicationHandleResult,
  err,
  friendDisplayName,
  groupDisplayName,
  ok,
  type DisplayText,
  type FriendApplication,
  type GroupApplication,
  type Result,
} from '@teamim/domain';
import { combineLatest } from 'rxjs';
import type { ContactActions } from '../../contacts/contact-actions';
import type { ContactStore } from '../../contacts/contact.store';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { errorText } from './error-text';
import { viewModelFactory } from '../view-model-factory';

export type ApplicationStatus = 'pending' | 'agreed' | 'refused';

/** One request as the new-friends / group-notifications lists show it. */
export interface ApplicationRow {
  readonly key: string;
  /** Who the row is about: the applicant (received) or the addressee (sent). */
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  /** The group a join request is for ('' for friend requests). */
  readonly groupID: string;
  readonly groupName: string;
  /** The applicant's message ('' when none). */
  readonly message: string;
  readonly status: ApplicationStatus;
  /** Accept and refuse are offered for received requests still pending. */
  readonly canDecide: boolean;
  readonly busy: boolean;
  readonly error: DisplayText | undefined;
}

export interface ApplicationListState {
  readonly received: readonly ApplicationRow[];
  readonly sent: readonly ApplicationRow[];
  readonly empty: boolean;
}

const statusOf = (result: number): ApplicationStatus =>
  result === ApplicationHandleResult.Agree
    ? 'agreed'
    : result === ApplicationHandleResult.Reject
      ? 'refused'
      : 'pending';

interface Pending {
  readonly busy: ReadonlySet<string>;
  readonly errors: ReadonlyMap<string, DisplayText>;
}

type Row = Omit<ApplicationRow, 'busy' | 'error' | 'canDecide'>;

/**
 * New friends or group notifications (spec §2): received requests, newest first, with accept and refuse
 * while pending, and the own sent requests with their state. A failed decision shows next to its row.
 */
abstract class ApplicationListViewModel extends StateViewModel<ApplicationListState> {
  private pending: Pending = { busy: new Set(), errors: new Map() };
  private rows: { received: readonly Row[]; sent: readonly Row[] } = { received: [], sent: [] };

  protected constructor() {
    super({ received: [], sent: [], empty: true });
  }

  protected show(received: readonly Row[], sent: readonly Row[]): void {
    this.rows = { received, sent };
    this.render();
  }

  private render(): void {
    const decorate = (row: Row, received: boolean): ApplicationRow => ({
      ...row,
      canDecide: received && row.status === 'pending',
      busy: this.pending.busy.has(row.key),
      error: this.pending.errors.get(row.key),
    });
    this.set({
      received: this.rows.received.map((row) => decorate(row, true)),
      sent: this.rows.sent.map((row) => decorate(row, false)),
      empty: this.rows.received.length === 0 && this.rows.sent.length === 0,
    });
  }

  accept(key: string): Promise<Result<void, AppError>> {
    return this.decide(key, true);
  }

  refuse(key: string): Promise<Result<void, AppError>> {
    return this.decide(key, false);
  }

  protected abstract send(row: Row, accept: boolean): Promise<Result<void, AppError>>;

  private async decide(key: string, accept: boolean): Promise<Result<void, AppError>> {
    const row = this.rows.received.find((r) => r.key === key);
    if (row === undefined || row.status !== 'pending') return err(stateFailure('not a pending request'));
    if (this.pending.busy.has(key)) return err(stateFailure('already deciding'));
    this.update(key, true, undefined);
    const result = await this.send(row, accept);
    this.update(key, false, result.ok ? undefined : errorText(result.error));
    return result.ok ? ok(undefined) : result;
  }

  private update(key: string, busy: boolean, error: DisplayText | undefined): void {
    const nextBusy = new Set(this.pending.busy);
    const nextErrors = new Map(this.pending.errors);
    if (busy) nextBusy.add(key);
    else nextBusy.delete(key);
    if (error === undefined) nextErrors.delete(key);
    else nextErrors.set(key, error);
    this.pending = { busy: nextBusy, errors: nextErrors };
    this.render();
  }
}

const byCreateTime = (a: FriendApplication, b: FriendApplication) => b.createTime - a.createTime;
const byReqTime = (a: GroupApplication, b: GroupApplication) => b.reqTime - a.reqTime;

/** New friends: friend requests received (accept / refuse) and sent. */
export class NewFriendsViewModel extends ApplicationListViewModel {
  constructor(
    contacts: ContactStore,
    private readonly actions: ContactActions,
  ) {
    super();
    this.own(
      combineLatest([contacts.recvFriendApplicationList$, contacts.sendFriendApplicationList$]).subscribe(
        ([received, sent]) =>
          this.show(
            [...received].sort(byCreateTime).map((app) => ({
              key: `r-${app.fromUserID}`,
              userID: app.fromUserID,
              name: friendDisplayName({ userID: app.fromUserID, nickname: app.fromNickname }),
              faceURL: app.fromFaceURL,
              groupID: '',
              groupName: '',
              message: app.reqMsg,
              status: statusOf(app.handleResult),
            })),
            [...sent].sort(byCreateTime).map((app) => ({
              key: `s-${app.toUserID}`,
              userID: app.toUserID,
              name: friendDisplayName({ userID: app.toUserID, nickname: app.toNickname }),
              faceURL: app.toFaceURL,
              groupID: '',
              groupName: '',
              message: app.reqMsg,
              status: statusOf(app.handleResult),
            })),
          ),
      ),
    );
  }

  protected send(row: Row, accept: boolean): Promise<Result<void, AppError>> {
    return accept
      ? this.actions.acceptFriendRequest(row.userID)
      : this.actions.refuseFriendRequest(row.userID);
  }
}

/** Group notifications: join requests to groups I manage (accept / refuse) and my own join requests. */
export class GroupNotificationsViewModel extends ApplicationListViewModel {
  constructor(
    contacts: ContactStore,
    private readonly actions: ContactActions,
  ) {
    super();
    this.own(
      combineLatest([contacts.recvGroupApplicationList$, contacts.sendGroupApplicationList$]).subscribe(
        ([received, sent]) =>
          this.show(
            [...received].sort(byReqTime).map((app) => ({
              key: `r-${app.groupID}-${app.userID}`,
              userID: app.userID,
              name: friendDisplayName({ userID: app.userID, nickname: app.nickname }),
              faceURL: app.userFaceURL,
              groupID: app.groupID,
              groupName: groupDisplayName(app),
              message: app.reqMsg,
              status: statusOf(app.handleResult),
            })),
            [...sent].sort(byReqTime).map((app) => ({
              key: `s-${app.groupID}`,
              userID: app.userID,
              name: groupDisplayName(app),
              faceURL: app.groupFaceURL,
              groupID: app.groupID,
              groupName: groupDisplayName(app),
              message: app.reqMsg,
              status: statusOf(app.handleResult),
            })),
          ),
      ),
    );
  }

  protected send(row: Row, accept: boolean): Promise<Result<void, AppError>> {
    return accept
      ? this.actions.acceptJoinRequest(row.groupID, row.userID)
      : this.actions.refuseJoinRequest(row.groupID, row.userID);
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const newFriendsViewModel = viewModelFactory(
  (s) => new NewFriendsViewModel(s.contacts, s.contactActions),
);

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const groupNotificationsViewModel = viewModelFactory(
  (s) => new GroupNotificationsViewModel(s.contacts, s.contactActions),
);
