import { Button, Title3 } from '@fluentui/react-components';
import { useText } from '../text';

/** /chat index: the empty state with the create-group prompt (spec §2). */
export function ChatEmpty() {
  const { t } = useText();
  return (
    <section style={{ display: 'grid', placeItems: 'center', height: '100%', textAlign: 'center' }}>
      <div>
        <Title3 as="h2">{t('ui.chat.emptyTitle')}</Title3>
        <p>{t('ui.chat.emptyBody')}</p>
        {/* Group creation arrives with the contacts and groups issue. */}
        <Button appearance="primary" disabled>
          {t('ui.chat.createNow')}
        </Button>
      </div>
    </section>
  );
}

/** /chat/:conversationID until the chat view exists. */
export function ConversationPending() {
  const { t } = useText();
  return <p>{t('ui.chat.conversationPending')}</p>;
}
