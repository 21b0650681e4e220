import { Avatar, Button, Text, Title3 } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useObservableState } from 'observable-hooks';
import { useMemo, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import {
  ApplicationHandleResult,
  friendDisplayName,
  type FriendApplication,
  type GroupApplication,
} from '@teamim/domain';
import { useSignedIn } from '../services';
import { useText } from '../text';
import { friendRows, groupFriendsByLetter } from './alphabet';
import { useContactDialogs } from './dialog-context';
import { appErrorText } from './errors';

const CONTACT_SECTIONS = [
  ['', 'ui.contact.myFriends'],
  ['myGroups', 'ui.contact.myGroups'],
  ['newFriends', 'ui.contact.newFriends'],
  ['groupNotifications', 'ui.contact.groupNotifications'],
] as const;

type SectionKey = (typeof CONTACT_SECTIONS)[number][1];

/** /contact with its four child routes (spec §2). */
export function ContactPage() {
  const { t } = useText();
  return (
    <section>
      <Title3 as="h2">{t('ui.contact.title')}</Title3>
      <nav aria-label={t('ui.contact.title')} style={{ display: 'flex', gap: 12, margin: '8px 0' }}>
        {CONTACT_SECTIONS.map(([path, key]) => (
          <NavLink key={key} to={path === '' ? '/contact' : `/contact/${path}`} end>
            {t(key)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}

/** The child page named by its title key (the routes pass the key). */
export function ContactSection({ titleKey }: { readonly titleKey: SectionKey }) {
  const { t } = useText();
  return (
    <div>
      <Title3 as="h3">{t(titleKey)}</Title3>
      {titleKey === 'ui.contact.myFriends' && <FriendList />}
      {titleKey === 'ui.contact.myGroups' && <GroupList />}
      {titleKey === 'ui.contact.newFriends' && <NewFriends />}
      {titleKey === 'ui.contact.groupNotifications' && <GroupNotifications />}
    </div>
  );
}

const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 28;

/** My friends: grouped by index letter, virtualized, with a letter index that jumps to its section. */
function FriendList() {
  const services = useSignedIn();
  const dialogs = useContactDialogs();
  const { t } = useText();
  const friends = useObservableState(services.contacts.friendList$, services.contacts.snapshot.friendList);
  const sections = useMemo(() => groupFriendsByLetter(friends), [friends]);
  const rows = useMemo(() => friendRows(sections), [sections]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    overscan: 8,
  });

  if (friends.length === 0) return <Text>{t('ui.contact.friendsEmpty')}</Text>;
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <div
        ref={scroller}
        role="list"
        aria-label={t('ui.contact.myFriends')}
        style={{ height: 'calc(100vh - 260px)', minHeight: 240, overflowY: 'auto', flex: 1 }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const style = {
              position: 'absolute' as const,
              top: 0,
              left: 0,
              right: 0,
              height: item.size,
              transform: `translateY(${item.start}px)`,
            };
            if (row.kind === 'header') {
              return (
                <div key={`h-${row.letter}`} style={{ ...style, padding: '4px 8px', background: '#f5f5f5' }}>
                  <Text weight="semibold" size={200}>
                    {row.letter}
                  </Text>
                </div>
              );
            }
            const name = friendDisplayName(row.friend);
            return (
              <div key={row.friend.userID} role="listitem" style={style}>
                <Button
                  appearance="subtle"
                  style={{ width: '100%', height: '100%', justifyContent: 'flex-start', gap: 12 }}
                  onClick={() => dialogs.openUserCard(row.friend)}
                >
                  <Avatar
                    size={40}
                    name={name}
                    {...(row.friend.faceURL !== '' ? { image: { src: row.friend.faceURL } } : {})}
                  />
                  <span>{name}</span>
                </Button>
              </div>
            );
          })}
        </div>
      </div>
      <nav aria-label={t('ui.contact.alphabetIndex')} style={{ display: 'grid', alignContent: 'start' }}>
        {sections.map((section) => (
          <Button
            key={section.letter}
            size="small"
            appearance="transparent"
            style={{ minWidth: 24, padding: 0 }}
            aria-label={t('ui.contact.jumpTo', { letter: section.letter })}
            onClick={() => {
              const index = rows.findIndex((r) => r.kind === 'header' && r.letter === section.letter);
              virtualizer.scrollToIndex(index, { align: 'start' });
            }}
          >
            {section.letter}
          </Button>
        ))}
      </nav>
    </div>
  );
}

function GroupList() {
  const services = useSignedIn();
  const dialogs = useContactDialogs();
  const { t } = useText();
  const groups = useObservableState(services.contacts.groupList$, services.contacts.snapshot.groupList);
  if (groups.length === 0) return <Text>{t('ui.contact.groupsEmpty')}</Text>;
  return (
    <ul aria-label={t('ui.contact.myGroups')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {groups.map((group) => (
        <li key={group.groupID}>
          <Button
            appearance="subtle"
            style={{ width: '100%', justifyContent: 'flex-start', gap: 12, height: ROW_HEIGHT }}
            onClick={() => dialogs.openGroupCard(group)}
          >
            <Avatar
              shape="square"
              size={40}
              name={group.groupName}
              {...(group.faceURL !== '' ? { image: { src: group.faceURL } } : {})}
            />
            <span>{group.groupName}</span>
            <Text size={200}>{t('ui.contact.memberCount', { count: group.memberCount })}</Text>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function HandleState({ result }: { readonly result: number }) {
  const { t } = useText();
  const key =
    result === ApplicationHandleResult.Agree
      ? 'ui.contact.state.agreed'
      : result === ApplicationHandleResult.Reject
        ? 'ui.contact.state.refused'
        : 'ui.contact.state.pending';
  return <Text size={200}>{t(key)}</Text>;
}

/** Accept / Refuse for an unhandled request; its state once handled. Errors show next to the row. */
function Decision(props: {
  readonly handleResult: number;
  readonly accept: () => Promise<{ ok: boolean; error?: Parameters<typeof appErrorText>[0] }>;
  readonly refuse: () => Promise<{ ok: boolean; error?: Parameters<typeof appErrorText>[0] }>;
}) {
  const { t, display } = useText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (props.handleResult !== ApplicationHandleResult.Unprocessed)
    return <HandleState result={props.handleResult} />;
  const run = async (action: () => ReturnType<typeof props.accept>) => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setError(result.ok || result.error === undefined ? undefined : display(appErrorText(result.error)));
  };
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Button size="small" disabled={busy} onClick={() => void run(props.refuse)}>
        {t('ui.contact.refuse')}
      </Button>
      <Button size="small" appearance="primary" disabled={busy} onClick={() => void run(props.accept)}>
        {t('ui.contact.accept')}
      </Button>
      {error !== undefined && (
        <Text role="alert" size={200}>
          {error}
        </Text>
      )}
    </span>
  );
}

const newestFirst = (a: FriendApplication, b: FriendApplication) => b.createTime - a.createTime;

/** New friends: received requests (accept, refuse, state) and the own sent requests with their state. */
function NewFriends() {
  const services = useSignedIn();
  const dialogs = useContactDialogs();
  const { t } = useText();
  const received = useObservableState(
    services.contacts.recvFriendApplicationList$,
    services.contacts.snapshot.recvFriendApplicationList,
  );
  const sent = useObservableState(
    services.contacts.sendFriendApplicationList$,
    services.contacts.snapshot.sendFriendApplicationList,
  );
  if (received.length === 0 && sent.length === 0) return <Text>{t('ui.contact.applicationsEmpty')}</Text>;
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {received.length > 0 && (
        <ul aria-label={t('ui.contact.received')} style={LIST}>
          {[...received].sort(newestFirst).map((app) => (
            <li key={`r-${app.fromUserID}`} style={ROW}>
              <Button
                appearance="subtle"
                style={{ gap: 8 }}
                onClick={() =>
                  dialogs.openUserCard({
                    userID: app.fromUserID,
                    nickname: app.fromNickname,
                    faceURL: app.fromFaceURL,
                  })
                }
              >
                <Avatar size={40} name={app.fromNickname} {...imageOf(app.fromFaceURL)} />
                <span>{app.fromNickname}</span>
              </Button>
              <Text size={200} style={{ flex: 1 }}>
                {app.reqMsg !== '' && t('ui.contact.requestMessage', { message: app.reqMsg })}
              </Text>
              <Decision
                handleResult={app.handleResult}
                accept={() => services.contactActions.acceptFriendRequest(app.fromUserID)}
                refuse={() => services.contactActions.refuseFriendRequest(app.fromUserID)}
              />
            </li>
          ))}
        </ul>
      )}
      {sent.length > 0 && (
        <ul aria-label={t('ui.contact.sent')} style={LIST}>
          {[...sent].sort(newestFirst).map((app) => (
            <li key={`s-${app.toUserID}`} style={ROW}>
              <Avatar size={40} name={app.toNickname} {...imageOf(app.toFaceURL)} />
              <Text style={{ flex: 1 }}>{app.toNickname}</Text>
              <HandleState result={app.handleResult} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const newestGroupFirst = (a: GroupApplication, b: GroupApplication) => b.reqTime - a.reqTime;

/** Group notifications: join requests to groups I manage (accept, refuse) and my own join requests. */
function GroupNotifications() {
  const services = useSignedIn();
  const { t } = useText();
  const received = useObservableState(
    services.contacts.recvGroupApplicationList$,
    services.contacts.snapshot.recvGroupApplicationList,
  );
  const sent = useObservableState(
    services.contacts.sendGroupApplicationList$,
    services.contacts.snapshot.sendGroupApplicationList,
  );
  if (received.length === 0 && sent.length === 0) return <Text>{t('ui.contact.applicationsEmpty')}</Text>;
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {received.length > 0 && (
        <ul aria-label={t('ui.contact.received')} style={LIST}>
          {[...received].sort(newestGroupFirst).map((app) => (
            <li key={`r-${app.groupID}-${app.userID}`} style={ROW}>
              <Avatar size={40} name={app.nickname} {...imageOf(app.userFaceURL)} />
              <div style={{ flex: 1 }}>
                <Text block>{app.nickname}</Text>
                <Text block size={200}>
                  {t('ui.contact.applyJoin', { group: app.groupName })}
                </Text>
                {app.reqMsg !== '' && (
                  <Text block size={200}>
                    {t('ui.contact.requestMessage', { message: app.reqMsg })}
                  </Text>
                )}
              </div>
              <Decision
                handleResult={app.handleResult}
                accept={() => services.contactActions.acceptJoinRequest(app.groupID, app.userID)}
                refuse={() => services.contactActions.refuseJoinRequest(app.groupID, app.userID)}
              />
            </li>
          ))}
        </ul>
      )}
      {sent.length > 0 && (
        <ul aria-label={t('ui.contact.sent')} style={LIST}>
          {[...sent].sort(newestGroupFirst).map((app) => (
            <li key={`s-${app.groupID}`} style={ROW}>
              <Avatar shape="square" size={40} name={app.groupName} {...imageOf(app.groupFaceURL)} />
              <Text style={{ flex: 1 }}>{app.groupName}</Text>
              <HandleState result={app.handleResult} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const LIST = { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 } as const;
const ROW = { display: 'flex', alignItems: 'center', gap: 12 } as const;
const imageOf = (url: string) => (url !== '' ? { image: { src: url } } : {});
