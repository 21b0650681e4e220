import { Avatar, Button, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import { useObservableState } from 'observable-hooks';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isGroupConversation, type Conversation } from '@teamim/domain';
import { useText } from '../text';
import { useChatServices } from './chat-services';
import { Composer, ComposerSeparator } from './Composer';
import { clampComposerHeight, defaultComposerHeight } from './composer-logic';
import { safeImageURL } from './ConversationList';
import { ConversationDrawer } from './ConversationDrawer';
import { MessageList } from './MessageList';

const EMPTY: readonly Conversation[] = [];

/**
 * /chat/:conversationID (spec §2): selects the conversation named in the address (which marks it read,
 * spec §4) and shows its header, messages and composer. Leaving the view deselects it, so messages that
 * arrive while the user is elsewhere stay unread.
 */
export function ChatView() {
  const { conversationID = '' } = useParams();
  const { services } = useChatServices();
  const { t } = useText();
  const navigate = useNavigate();
  const list = useObservableState(services.conversations.conversations$, EMPTY);
  const current = useObservableState(services.conversations.current$, undefined);
  const known = list.find((c) => c.conversationID === conversationID);

  useEffect(() => {
    if (
      known !== undefined &&
      services.conversations.currentConversation?.conversationID !== conversationID
    ) {
      void services.conversations.select(known);
    }
  }, [known, conversationID, services]);

  useEffect(
    () => () => {
      void services.conversations.select(undefined);
    },
    [services],
  );

  useEffect(() => {
    const subscription = services.conversations.deleted$.subscribe((deleted) => {
      if (deleted === conversationID) void navigate('/chat', { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [services, conversationID, navigate]);

  if (current === undefined || current.conversationID !== conversationID) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
        <Spinner label={t('ui.chat.loading')} />
      </div>
    );
  }
  return <OpenConversation conversation={current} />;
}

function OpenConversation({ conversation }: { readonly conversation: Conversation }) {
  const { services } = useChatServices();
  const { t } = useText();
  const chat = useObservableState(services.chat.state$, services.chat.snapshot);
  const group = useObservableState(services.conversations.currentGroup$, undefined);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const column = useRef<HTMLDivElement>(null);
  const [columnHeight, setColumnHeight] = useState(0);
  const [composerHeight, setComposerHeight] = useState<number | undefined>();

  useLayoutEffect(() => {
    const element = column.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setColumnHeight(element.clientHeight));
    observer.observe(element);
    setColumnHeight(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  const isGroup = isGroupConversation(conversation);
  const name =
    conversation.showName !== '' ? conversation.showName : conversation.userID || conversation.groupID;
  const height =
    composerHeight === undefined
      ? defaultComposerHeight(columnHeight)
      : clampComposerHeight(composerHeight, columnHeight);
  const image = safeImageURL(conversation.faceURL);

  return (
    <section
      aria-label={name}
      ref={column}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: '10px 16px',
          borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
          flexShrink: 0,
        }}
      >
        <Avatar
          name={name}
          size={36}
          {...(image === undefined ? {} : { image: { src: image } })}
          aria-hidden
        />
        <Title3
          as="h2"
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
          {isGroup && group !== undefined && (
            <Text
              size={300}
              weight="regular"
              style={{ marginLeft: 8, color: tokens.colorNeutralForeground3 }}
            >
              {t('ui.chat.header.members', { count: group.memberCount })}
            </Text>
          )}
        </Title3>
        <Button
          appearance="subtle"
          icon={<SettingsRegular />}
          aria-label={t('ui.chat.header.settings')}
          title={t('ui.chat.header.settings')}
          onClick={() => setDrawerOpen(true)}
        />
      </header>
      {columnHeight > 0 && (
        <>
          <MessageList key={conversation.conversationID} state={chat} />
          <ComposerSeparator height={height} containerPx={columnHeight} onResize={setComposerHeight} />
          <Composer
            key={conversation.conversationID}
            conversationID={conversation.conversationID}
            height={height}
          />
        </>
      )}
      <ConversationDrawer
        conversation={conversation}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
      />
    </section>
  );
}
