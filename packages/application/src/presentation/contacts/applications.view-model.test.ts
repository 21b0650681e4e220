import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  ApplicationHandleResult,
  err,
  ok,
  type FriendApplication,
  type GroupApplication,
  type Result,
} from '@teamim/domain';
import type { ContactActions } from '../../contacts/contact-actions';
import type { ContactStore } from '../../contacts/contact.store';
import type { RemoteFailure } from '../../shared/remote-error';
import { GroupNotificationsViewModel, NewFriendsViewModel } from './applications.view-model';

// Over scripted stores and actions, so that each decision can be held open or refused at will.

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Answer = Result<void, RemoteFailure>;

class ScriptedActions {
  readonly calls: string[] = [];
  answers: Array<Answer | Deferred<Answer>> = [];

  private answer(call: string): Promise<Answer> {
    this.calls.push(call);
    const next = this.answers.shift() ?? ok(undefined);
    return 'promise' in next ? next.promise : Promise.resolve(next);
  }

  acceptFriendRequest(userID: string): Promise<Answer> {
    return this.answer(`acceptFriend ${userID}`);
  }
  refuseFriendRequest(userID: string): Promise<Answer> {
    return this.answer(`refuseFriend ${userID}`);
  }
  acceptJoinRequest(groupID: string, userID: string): Promise<Answer> {
    return this.answer(`acceptJoin ${groupID} ${userID}`);
  }
  refuseJoinRequest(groupID: string, userID: string): Promise<Answer> {
    return this.answer(`refuseJoin ${groupID} ${userID}`);
  }
}

class Lists {
  readonly recvFriendApplicationList$ = new BehaviorSubject<readonly FriendApplication[]>([]);
  readonly sendFriendApplicationList$ = new BehaviorSubject<readonly FriendApplication[]>([]);
  readonly recvGroupApplicationList$ = new BehaviorSubject<readonly GroupApplication[]>([]);
  readonly sendGroupApplicationList$ = new BehaviorSubject<readonly GroupApplication[]>([]);
}

function friendApp(from: string, to: string, createTime: number, handleResult: ApplicationHandleResult = 0) {
  return {
    fromUserID: from,
    fromNickname: `${from} nick`,
    fromFaceURL: `https://img/${from}.png`,
    toUserID: to,
    toNickname: `${to} nick`,
    toFaceURL: `https://img/${to}.png`,
    handleResult,
    reqMsg: `${from} to ${to}`,
    createTime,
  } satisfies FriendApplication;
}

function joinApp(user: string, group: string, reqTime: number, handleResult: ApplicationHandleResult = 0) {
  return {
    userID: user,
    nickname: `${user} nick`,
    userFaceURL: `https://img/${user}.png`,
    groupID: group,
    groupName: `${group} name`,
    groupFaceURL: `https://img/${group}.png`,
    handleResult,
    reqMsg: `${user} joins ${group}`,
    reqTime,
  } satisfies GroupApplication;
}

function friends() {
  const lists = new Lists();
  const actions = new ScriptedActions();
  const vm = new NewFriendsViewModel(lists as unknown as ContactStore, actions as unknown as ContactActions);
  return { lists, actions, vm };
}

function groups() {
  const lists = new Lists();
  const actions = new ScriptedActions();
  const vm = new GroupNotificationsViewModel(
    lists as unknown as ContactStore,
    actions as unknown as ContactActions,
  );
  return { lists, actions, vm };
}

const friendRow = (user: string, other: string, status: string, received: boolean) => ({
  key: `${received ? 'r' : 's'}-${user}`,
  userID: user,
  name: `${user} nick`,
  faceURL: `https://img/${user}.png`,
  groupID: '',
  groupName: '',
  message: received ? `${user} to ${other}` : `${other} to ${user}`,
  status,
  canDecide: received && status === 'pending',
  busy: false,
  error: undefined,
});

describe('NewFriendsViewModel: request rows and decisions', () => {
  it('starts empty, and is empty only while both lists are', () => {
    const { lists, vm } = friends();
    expect(vm.state).toStrictEqual({ received: [], sent: [], empty: true });

    lists.sendFriendApplicationList$.next([friendApp('me', 'carol', 5)]);
    expect(vm.state.empty).toBe(false);
    expect(vm.state.received).toStrictEqual([]);

    lists.sendFriendApplicationList$.next([]);
    lists.recvFriendApplicationList$.next([friendApp('bob', 'me', 5)]);
    expect(vm.state.empty).toBe(false);
    expect(vm.state.sent).toStrictEqual([]);

    lists.recvFriendApplicationList$.next([]);
    expect(vm.state.empty).toBe(true);
  });

  it('§2 lists received and sent requests newest first, each row whole', () => {
    const { lists, vm } = friends();
    lists.recvFriendApplicationList$.next([
      friendApp('bob', 'me', 100),
      friendApp('dave', 'me', 300, ApplicationHandleResult.Reject),
      friendApp('carol', 'me', 200, ApplicationHandleResult.Agree),
    ]);
    lists.sendFriendApplicationList$.next([
      friendApp('me', 'erin', 10),
      friendApp('me', 'gina', 30, ApplicationHandleResult.Agree),
      friendApp('me', 'fred', 20),
    ]);
    expect(vm.state).toStrictEqual({
      received: [
        friendRow('dave', 'me', 'refused', true),
        friendRow('carol', 'me', 'agreed', true),
        friendRow('bob', 'me', 'pending', true),
      ],
      sent: [
        friendRow('gina', 'me', 'agreed', false),
        friendRow('fred', 'me', 'pending', false),
        friendRow('erin', 'me', 'pending', false),
      ],
      empty: false,
    });
  });

  it('accept and refuse ask for the applicant of that row only; the row waits meanwhile', async () => {
    const { lists, actions, vm } = friends();
    lists.recvFriendApplicationList$.next([friendApp('bob', 'me', 100), friendApp('carol', 'me', 200)]);
    const answer = deferred<Answer>();
    actions.answers = [answer];

    const accepting = vm.accept('r-bob');
    expect(vm.state.received.map((r) => [r.key, r.busy])).toStrictEqual([
      ['r-carol', false],
      ['r-bob', true],
    ]);
    expect(await vm.accept('r-bob')).toStrictEqual({
      ok: false,
      error: { kind: 'state', reason: 'already deciding' },
    });
    answer.resolve(ok(undefined));
    expect(await accepting).toStrictEqual({ ok: true, value: undefined });
    expect(vm.state.received.map((r) => r.busy)).toStrictEqual([false, false]);

    expect(await vm.refuse('r-carol')).toStrictEqual({ ok: true, value: undefined });
    expect(actions.calls).toStrictEqual(['acceptFriend bob', 'refuseFriend carol']);
  });

  it('only a pending received request can be decided: not a handled one, a sent one or an unknown key', async () => {
    const { lists, actions, vm } = friends();
    lists.recvFriendApplicationList$.next([
      friendApp('bob', 'me', 100, ApplicationHandleResult.Agree),
      friendApp('carol', 'me', 200),
    ]);
    lists.sendFriendApplicationList$.next([friendApp('me', 'erin', 10)]);
    const refused = { ok: false, error: { kind: 'state', reason: 'not a pending request' } };

    expect(await vm.accept('r-bob')).toStrictEqual(refused);
    expect(await vm.refuse('r-bob')).toStrictEqual(refused);
    expect(await vm.accept('s-erin')).toStrictEqual(refused);
    expect(await vm.accept('r-nobody')).toStrictEqual(refused);
    expect(actions.calls).toStrictEqual([]);
    expect(vm.state.received.every((r) => !r.busy && r.error === undefined)).toBe(true);
  });

  it('a failed decision shows its text on that row only, and a retry that succeeds clears it', async () => {
    const { lists, actions, vm } = friends();
    lists.recvFriendApplicationList$.next([friendApp('bob', 'me', 100), friendApp('carol', 'me', 200)]);
    const failure: RemoteFailure = { kind: 'remote', code: 20001, message: 'password error' };
    actions.answers = [err(failure), ok(undefined)];

    expect(await vm.refuse('r-bob')).toStrictEqual({ ok: false, error: failure });
    expect(vm.state.received.map((r) => [r.key, r.busy, r.error])).toStrictEqual([
      ['r-carol', false, undefined],
      ['r-bob', false, { kind: 'i18n', i18nKey: 'error.wrongPassword' }],
    ]);

    expect((await vm.refuse('r-bob')).ok).toBe(true);
    expect(vm.state.received.map((r) => r.error)).toStrictEqual([undefined, undefined]);
    expect(actions.calls).toStrictEqual(['refuseFriend bob', 'refuseFriend bob']);
  });
});

describe('GroupNotificationsViewModel: join request rows and decisions', () => {
  it('§2 lists join requests received and my own, newest first, each row whole', () => {
    const { lists, vm } = groups();
    lists.recvGroupApplicationList$.next([
      joinApp('bob', 'g1', 100),
      joinApp('carol', 'g2', 300),
      joinApp('dave', 'g1', 200, ApplicationHandleResult.Agree),
    ]);
    lists.sendGroupApplicationList$.next([
      joinApp('me', 'g7', 10),
      joinApp('me', 'g9', 30, ApplicationHandleResult.Reject),
      joinApp('me', 'g8', 20),
    ]);
    const received = (user: string, group: string, status: string) => ({
      key: `r-${group}-${user}`,
      userID: user,
      name: `${user} nick`,
      faceURL: `https://img/${user}.png`,
      groupID: group,
      groupName: `${group} name`,
      message: `${user} joins ${group}`,
      status,
      canDecide: status === 'pending',
      busy: false,
      error: undefined,
    });
    const sent = (group: string, status: string) => ({
      key: `s-${group}`,
      userID: 'me',
      name: `${group} name`,
      faceURL: `https://img/${group}.png`,
      groupID: group,
      groupName: `${group} name`,
      message: `me joins ${group}`,
      status,
      canDecide: false,
      busy: false,
      error: undefined,
    });
    expect(vm.state).toStrictEqual({
      received: [
        received('carol', 'g2', 'pending'),
        received('dave', 'g1', 'agreed'),
        received('bob', 'g1', 'pending'),
      ],
      sent: [sent('g9', 'refused'), sent('g8', 'pending'), sent('g7', 'pending')],
      empty: false,
    });
  });

  it('accept and refuse name the group and the applicant of that row', async () => {
    const { lists, actions, vm } = groups();
    lists.recvGroupApplicationList$.next([joinApp('bob', 'g1', 100), joinApp('bob', 'g2', 200)]);
    expect((await vm.accept('r-g2-bob')).ok).toBe(true);
    expect((await vm.refuse('r-g1-bob')).ok).toBe(true);
    expect(actions.calls).toStrictEqual(['acceptJoin g2 bob', 'refuseJoin g1 bob']);
  });
});
