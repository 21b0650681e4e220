import type { ChatViewModel, MessageAction } from '@teamim/application';
import type { Message } from '@teamim/domain';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useText } from '../../text';
import { saveAs, writeClipboard } from './clipboard';
import { ForwardDialog } from './ForwardDialog';

type RunAction = (action: MessageAction, clientMsgID: string, returnFocusTo: HTMLElement | null) => void;

const ActionsContext = createContext<RunAction | undefined>(undefined);

/** Carries out a message action chosen in a row's menu or toolbar (the dialogs live in the host). */
export function useMessageAction(): RunAction {
  const run = useContext(ActionsContext);
  if (run === undefined) throw new Error('useMessageAction outside MessageActionsHost');
  return run;
}

type Pending =
  | { readonly kind: 'delete'; readonly id: string; readonly focus: HTMLElement | null }
  | { readonly kind: 'forward'; readonly message: Message; readonly focus: HTMLElement | null };

/**
 * One place for the chat view's message actions: the clipboard, save as, revoke and pins run at
 * once; delete asks first; forward opens its dialog. Dialogs give focus back to the message.
 */
export function MessageActionsHost(props: { readonly vm: ChatViewModel; readonly children: ReactNode }) {
  const { t } = useText();
  const { actions } = props.vm;
  const [pending, setPending] = useState<Pending | undefined>();

  const run = useMemo<RunAction>(
    () => (action, id, focus) => {
      switch (action) {
        case 'copy': {
          const content = actions.clipboardContent(id);
          if (content !== undefined) void writeClipboard(content).then((done) => actions.copied(done));
          return;
        }
        case 'saveAs': {
          const target = actions.saveTarget(id);
          if (target !== undefined) saveAs(target);
          return;
        }
        case 'forward': {
          const message = actions.message(id);
          if (message !== undefined) setPending({ kind: 'forward', message, focus });
          return;
        }
        case 'pin':
          actions.pin(id);
          return;
        case 'unpin':
          actions.unpin(id);
          return;
        case 'revoke':
          void actions.revoke(id);
          return;
        case 'delete':
          setPending({ kind: 'delete', id, focus });
          return;
        // The block goes above the composer, which takes the caret (QuoteDraftBar).
        case 'quote':
          actions.quote(id);
          return;
      }
    },
    [actions],
  );

  const close = () => {
    const focus = pending?.focus;
    setPending(undefined);
    // Back to the message the action started from (or the list, when the message is gone).
    requestAnimationFrame(() => {
      if (focus?.isConnected === true) focus.focus();
      else document.querySelector<HTMLElement>('[role="log"]')?.focus();
    });
  };

  return (
    <ActionsContext.Provider value={run}>
      {props.children}
      {pending?.kind === 'forward' && <ForwardDialog message={pending.message} onClose={close} />}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={t('ui.msg.deleteTitle')}
          body={t('ui.msg.deleteBody')}
          confirmLabel={t('ui.msg.deleteConfirm')}
          onClose={close}
          onConfirm={() => void actions.deleteForMe(pending.id)}
        />
      )}
    </ActionsContext.Provider>
  );
}
