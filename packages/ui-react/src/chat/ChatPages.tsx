import { Button, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular } from '@fluentui/react-icons';
import { useObservableEagerState } from 'observable-hooks';
import { useCallback, useEffect } from 'react';
import { Outlet, useMatch, useNavigate } from 'react-router';
import { useContactDialogs } from '../common/contact-dialogs';
import { COMPACT_LIST_WIDTH, COMPACT_WINDOW, LIST_WIDTH, NARROW_LIST_WIDTH, NARROW_WINDOW } from '../layout';
import { useViewModel } from '../session';
import { conversationStep } from '../common/keyboard';
import { useText } from '../text';
import { usePrefetch } from '../prefetch';
import { ConversationList, rowMenu } from './ConversationList';

const useStyles = makeStyles({
  layout: {
    flex: 1,
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: `${LIST_WIDTH} minmax(0, 1fr)`,
    backgroundColor: tokens.colorNeutralBackground1,
    [`@media ${NARROW_WINDOW}`]: { gridTemplateColumns: `${NARROW_LIST_WIDTH} minmax(0, 1fr)` },
    [`@media ${COMPACT_WINDOW}`]: { gridTemplateColumns: `${COMPACT_LIST_WIDTH} minmax(0, 1fr)` },
  },
  list: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  heading: {
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    [`@media ${COMPACT_WINDOW}`]: { paddingInline: tokens.spacingHorizontalS },
  },
  pane: { minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
  empty: {
    display: 'grid',
    placeItems: 'center',
    height: '100%',
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  emptyIcon: { fontSize: '56px', color: tokens.colorBrandForeground2 },
});

/** The conversation id in a /chat/:conversationID address. */
function openConversationID(pathname: string): string | undefined {
  const match = /^\/chat\/([^/]+)$/.exec(pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/**
 * /chat: the conversation list on the left and the empty state or the chat view on the right.
 * `prefetchView` fetches the chat view's code (the route's chunk, with what the view hosts from other
 * features); it stays the same function from render to render.
 */
export function ChatLayout({ prefetchView }: { readonly prefetchView: () => void }) {
  const styles = useStyles();
  const { t } = useText();
  // The layout is the parent route: the open conversation's id comes from the address.
  const conversationID = useMatch('/chat/:conversationID')?.params.conversationID;
  const navigate = useNavigate();
  const list = useViewModel((vms) => vms.conversationList());
  useEffect(() => list.setOpen(conversationID), [list, conversationID]);
  // The chat view's code (a chunk of its own) is fetched ahead, so the first click on a conversation does
  // not wait for it. A failed fetch is left to that click, which loads it again.
  const prefetch = useCallback(() => {
    prefetchView();
    rowMenu.preload();
  }, [prefetchView]);
  usePrefetch(prefetch);
  // Alt+Up / Alt+Down move between conversations from anywhere in the chat page.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = conversationStep(event);
      if (step === undefined) return;
      // The address is current the moment a navigation starts; React's render of it may come later,
      // and a second Alt+Down pressed meanwhile must still move on from the newly opened conversation.
      const next = list.adjacent(step, openConversationID(window.location.pathname));
      if (next === undefined) return;
      event.preventDefault();
      void navigate(`/chat/${encodeURIComponent(next)}`);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [list, navigate]);
  return (
    <div className={styles.layout}>
      <div className={styles.list}>
        <h1 className={styles.heading}>{t('ui.chat.pageTitle')}</h1>
        <ConversationList vm={list} />
      </div>
      <div className={styles.pane}>
        <Outlet />
      </div>
    </div>
  );
}

/** /chat index: the empty state with the create-group prompt (spec §2). */
export function ChatEmpty() {
  const { t } = useText();
  const styles = useStyles();
  const dialogs = useContactDialogs();
  const shell = useViewModel((vms) => vms.shell());
  const { canCreateGroup } = useObservableEagerState(shell.state$);
  return (
    <section className={styles.empty}>
      <div>
        <ChatMultipleRegular className={styles.emptyIcon} aria-hidden />
        <Title3 as="h2" block>
          {t('ui.chat.emptyTitle')}
        </Title3>
        <p>{t('ui.chat.emptyBody')}</p>
        {/* Spec §6: creating groups needs allowCreateGroup in the self info. */}
        <Button appearance="primary" disabled={!canCreateGroup} onClick={() => dialogs.openCreateGroup()}>
          {t('ui.chat.createNow')}
        </Button>
      </div>
    </section>
  );
}
