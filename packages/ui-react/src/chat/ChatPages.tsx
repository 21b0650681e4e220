import { Button, Title3, tokens } from '@fluentui/react-components';
import { useObservableState } from 'observable-hooks';
import { useLayoutEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { canCreateGroup } from '@teamim/domain';
import { useContactDialogs } from '../contacts/dialog-context';
import { useText } from '../text';
import { ChatServicesProvider, useChatServices } from './chat-services';
import { ConversationList } from './ConversationList';

const LIST_WIDTH = 300;
// Room left under the chat area for the shell's own padding.
const BOTTOM_GAP = 16;

/** The height from the element's top to the bottom of the window, kept up to date on resize. */
function useHeightToWindowBottom() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | undefined>();
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(320, window.innerHeight - top - BOTTOM_GAP));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, height };
}

/** /chat: the conversation list on the left and the empty state or the chat view on the right. */
export function ChatLayout() {
  const { ref, height } = useHeightToWindowBottom();
  return (
    <div
      ref={ref}
      style={{
        display: 'flex',
        height: height ?? '70vh',
        border: `1px solid ${tokens.colorNeutralStroke2}`,
        borderRadius: 6,
        overflow: 'hidden',
        background: tokens.colorNeutralBackground1,
      }}
    >
      <ChatServicesProvider>
        <div
          style={{
            width: LIST_WIDTH,
            flexShrink: 0,
            borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          <ConversationList />
        </div>
        <div style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          <Outlet />
        </div>
      </ChatServicesProvider>
    </div>
  );
}

/** /chat index: the empty state with the create-group prompt (spec §2). */
export function ChatEmpty() {
  const { t } = useText();
  const { services } = useChatServices();
  const dialogs = useContactDialogs();
  const self = useObservableState(services.currentUser.selfInfo$, undefined);
  return (
    <section style={{ display: 'grid', placeItems: 'center', height: '100%', textAlign: 'center' }}>
      <div>
        <Title3 as="h2">{t('ui.chat.emptyTitle')}</Title3>
        <p>{t('ui.chat.emptyBody')}</p>
        {/* Spec §6: creating groups needs allowCreateGroup in the self info. */}
        <Button
          appearance="primary"
          disabled={!canCreateGroup(self)}
          onClick={() => dialogs.openCreateGroup()}
        >
          {t('ui.chat.createNow')}
        </Button>
      </div>
    </section>
  );
}
