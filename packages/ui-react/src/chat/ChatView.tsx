import { chatViewModel } from '@teamim/application';
import { Button, makeStyles, Spinner, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ChatDismissRegular } from '@fluentui/react-icons';
import type { ChatViewModel, ChatViewState } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { heightOf } from '../geometry';
import { useViewModel } from '../session';
import { useText } from '../text';
import { Composer, ComposerSeparator } from './Composer';
import { clampComposerHeight, defaultComposerHeight } from './composer-logic';
import { ChatHeader } from './ChatHeader';
import { useChatSlots } from './chat-slots';
import { ConversationDrawer } from './ConversationDrawer';
import { MessageList } from './MessageList';
import { MessageActionsHost } from './actions/MessageActionsHost';
import { PinnedBanner } from './actions/PinnedBanner';

const useStyles = makeStyles({
  center: {
    display: 'grid',
    placeItems: 'center',
    height: '100%',
    textAlign: 'center',
    padding: tokens.spacingHorizontalXXL,
  },
  unknownIcon: { fontSize: '48px', color: tokens.colorNeutralForeground3 },
  column: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
});

/**
 * /chat/:conversationID (spec §2): the conversation named in the address, with its header, messages
 * and composer; an unknown id shows a way back instead of loading forever.
 */
export function ChatView() {
  const { conversationID = '' } = useParams();
  const vm = useViewModel((vms) => vms.build(chatViewModel, conversationID), conversationID);
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useStyles();
  const navigate = useNavigate();

  useEffect(() => {
    if (state.status === 'gone') void navigate('/chat', { replace: true });
  }, [state.status, navigate]);

  if (state.status === 'unknown') {
    return (
      <section className={styles.center} aria-labelledby="unknown-conversation">
        <div>
          <ChatDismissRegular className={styles.unknownIcon} aria-hidden />
          <Title3 as="h2" block id="unknown-conversation">
            {t('ui.chat.unknownTitle')}
          </Title3>
          <p>{t('ui.chat.unknownBody')}</p>
          <Button appearance="primary" icon={<ArrowLeftRegular />} onClick={() => void navigate('/chat')}>
            {t('ui.chat.backToChats')}
          </Button>
        </div>
      </section>
    );
  }
  if (state.status !== 'open') {
    return (
      <div className={styles.center}>
        <Spinner label={t('ui.chat.loading')} />
      </div>
    );
  }
  return <OpenConversation vm={vm} state={state} />;
}

function OpenConversation(props: {
  readonly vm: ChatViewModel;
  readonly state: Extract<ChatViewState, { status: 'open' }>;
}) {
  const { vm, state } = props;
  const styles = useStyles();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const settingsID = useId();
  const { meetingBanner: MeetingBanner } = useChatSlots();
  const closeDrawer = () => {
    setDrawerOpen(false);
    // Back to where the user was: the drawer's trigger (the drawer leaves with an animation).
    requestAnimationFrame(() => document.getElementById(settingsID)?.focus());
  };
  const body = useRef<HTMLDivElement>(null);
  const [bodyHeight, setBodyHeight] = useState(0);
  // The height the user chose, as a share of the column: like the default, it keeps its proportion when
  // the window or the header above changes height (a box set to the maximum stays at the maximum).
  const [composerShare, setComposerShare] = useState<number | undefined>();

  useLayoutEffect(() => {
    const element = body.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setBodyHeight(element.clientHeight));
    observer.observe(element);
    setBodyHeight(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  const { header } = state;
  const height =
    composerShare === undefined
      ? defaultComposerHeight(bodyHeight)
      : clampComposerHeight(composerShare * bodyHeight, bodyHeight);
  const resizeComposer = (heightPx: number) => {
    if (bodyHeight > 0) setComposerShare(clampComposerHeight(heightPx, bodyHeight) / bodyHeight);
  };

  return (
    <section aria-label={header.name} className={styles.column}>
      <ChatHeader
        conversationID={state.conversationID}
        header={header}
        settingsID={settingsID}
        onOpenSettings={() => setDrawerOpen(true)}
      />
      <div ref={body} className={styles.body}>
        {bodyHeight > 0 && (
          <>
            {/* Pinned banner above the list; the host runs the rows' actions and their dialogs */}
            <PinnedBanner vm={vm} pinned={state.pinned} />
            {MeetingBanner !== undefined && <MeetingBanner conversationID={state.conversationID} />}
            <MessageActionsHost vm={vm}>
              <MessageList vm={vm} state={state} />
            </MessageActionsHost>
            <ComposerSeparator height={height} containerPx={bodyHeight} onResize={resizeComposer} />
            <div style={heightOf(height)}>
              <Composer conversationID={state.conversationID} />
            </div>
          </>
        )}
      </div>
      <ConversationDrawer
        conversationID={state.conversationID}
        header={header}
        open={drawerOpen}
        onClose={closeDrawer}
      />
    </section>
  );
}
