import {
  ApplicationHandleResult,
  type BlacklistEntry,
  type Friend,
  type FriendApplication,
  type Group,
  type GroupApplication,
} from '@teamim/domain';
import type { ContactEvent } from '../ports/contacts.port';
import type { GroupEvent } from '../ports/groups.port';

/** Everything the contact pages show (spec §3 "Contact store lists"). */
export interface ContactState {
  readonly friendList: readonly Friend[];
  readonly blackList: readonly BlacklistEntry[];
  readonly groupList: readonly Group[];
  readonly recvFriendApplicationList: readonly FriendApplication[];
  readonly sendFriendApplicationList: readonly FriendApplication[];
  readonly recvGroupApplicationList: readonly GroupApplication[];
  readonly sendGroupApplicationList: readonly GroupApplication[];
  readonly unHandleFriendApplicationCount: number;
  readonly unHandleGroupApplicationCount: number;
}

export const emptyContactState: ContactState = {
  friendList: [],
  blackList: [],
  groupList: [],
  recvFriendApplicationList: [],
  sendFriendApplicationList: [],
  recvGroupApplicationList: [],
  sendGroupApplicationList: [],
  unHandleFriendApplicationCount: 0,
  unHandleGroupApplicationCount: 0,
};

function upsert<T>(list: readonly T[], item: T, same: (a: T) => boolean): readonly T[] {
  const index = list.findIndex(same);
  if (index < 0) {
    return [...list, item];
  }
  const next = [...list];
  next[index] = item;
  return next;
}

/**
 * The SDK's friend record has no gender, birth, phone or e-mail (the chat API adds them): an SDK update
 * replaces what the SDK knows and keeps those details, so a saved remark does not blank the card's rows.
 */
export function withDetails(friend: Friend, known: Friend | undefined): Friend {
  if (known === undefined) return friend;
  const { gender, birth, phoneNumber, email } = known;
  return {
    ...(gender === undefined ? {} : { gender }),
    ...(birth === undefined ? {} : { birth }),
    ...(phoneNumber === undefined ? {} : { phoneNumber }),
    ...(email === undefined ? {} : { email }),
    ...friend,
  };
}

export const countUnhandled = (list: readonly { readonly handleResult: number }[]): number =>
  list.filter((a) => a.handleResult === ApplicationHandleResult.Unprocessed).length;

/** Pure reducer for contact events (spec §4 "Contacts and groups"). */
export function reduceContactEvent(state: ContactState, event: ContactEvent, selfID: string): ContactState {
  switch (event.type) {
    case 'friendAdded':
    case 'friendInfoChanged': {
      const known = state.friendList.find((f) => f.userID === event.friend.userID);
      return {
        ...state,
        friendList: upsert(
          state.friendList,
          withDetails(event.friend, known),
          (f) => f.userID === event.friend.userID,
        ),
      };
    }
    case 'friendDeleted':
      return { ...state, friendList: state.friendList.filter((f) => f.userID !== event.userID) };
    case 'blackAdded':
      // Blocking moves the user from the friend list to the blacklist.
      return {
        ...state,
        blackList: upsert(state.blackList, event.entry, (b) => b.userID === event.entry.userID),
        friendList: state.friendList.filter((f) => f.userID !== event.entry.userID),
      };
    case 'blackDeleted':
      return { ...state, blackList: state.blackList.filter((b) => b.userID !== event.userID) };
    case 'friendApplicationAdded':
    case 'friendApplicationAccepted':
    case 'friendApplicationRejected': {
      const app = event.application;
      if (app.toUserID === selfID) {
        const recv = upsert(state.recvFriendApplicationList, app, (a) => a.fromUserID === app.fromUserID);
        return {
          ...state,
          recvFriendApplicationList: recv,
          unHandleFriendApplicationCount: countUnhandled(recv),
        };
      }
      return {
        ...state,
        sendFriendApplicationList: upsert(
          state.sendFriendApplicationList,
          app,
          (a) => a.toUserID === app.toUserID,
        ),
      };
    }
  }
}

/** Pure reducer for group events that touch the contact store. */
export function reduceGroupEvent(state: ContactState, event: GroupEvent, selfID: string): ContactState {
  switch (event.type) {
    case 'joinedGroupAdded':
    case 'groupInfoChanged':
      if (
        event.type === 'groupInfoChanged' &&
        !state.groupList.some((g) => g.groupID === event.group.groupID)
      ) {
        return state;
      }
      return {
        ...state,
        groupList: upsert(state.groupList, event.group, (g) => g.groupID === event.group.groupID),
      };
    case 'joinedGroupDeleted':
    case 'groupDismissed':
      return { ...state, groupList: state.groupList.filter((g) => g.groupID !== event.group.groupID) };
    case 'groupApplicationAdded':
    case 'groupApplicationAccepted':
    case 'groupApplicationRejected': {
      const app = event.application;
      if (app.userID !== selfID) {
        // Matched by applicant and group: one person may apply to several groups we manage.
        const recv = upsert(
          state.recvGroupApplicationList,
          app,
          (a) => a.userID === app.userID && a.groupID === app.groupID,
        );
        return {
          ...state,
          recvGroupApplicationList: recv,
          unHandleGroupApplicationCount: countUnhandled(recv),
        };
      }
      return {
        ...state,
        sendGroupApplicationList: upsert(
          state.sendGroupApplicationList,
          app,
          (a) => a.groupID === app.groupID,
        ),
      };
    }
    default:
      return state;
  }
}
