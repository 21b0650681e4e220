import {
  Avatar,
  Button,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { useObservableState } from 'observable-hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { canCreateGroup, friendDisplayName, isAddFriendMenuVisible } from '@teamim/domain';
import { useContactDialogs } from '../contacts/dialog-context';
import { LanguageSwitch } from '../LanguageSwitch';
import type { SignedInServices } from '../services';
import { useText } from '../text';
import { dropdownState } from './search-dropdown';

/**
 * The top bar of the chat and contact pages (spec §2): the search box (the store debounces 500 ms;
 * blank input clears), the plus menu gated by the self info, and the language switch.
 */
export function TopBar({ services }: { readonly services: SignedInServices }) {
  return (
    <header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '8px 16px',
        borderBottom: '1px solid #e5e7eb',
      }}
    >
      <TopSearch services={services} />
      <PlusMenu services={services} />
      <span style={{ marginLeft: 'auto' }}>
        <LanguageSwitch />
      </span>
    </header>
  );
}

function TopSearch({ services }: { readonly services: SignedInServices }) {
  const { t } = useText();
  const dialogs = useContactDialogs();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  // The dropdown hides while focus is elsewhere; the typed text and results stay.
  const [focused, setFocused] = useState(false);
  const results = useObservableState(services.topSearch.results$);
  const state = results === undefined || !focused ? 'closed' : dropdownState(input, results);

  // Leaving the signed-in area (or the shell) clears what the store holds.
  useEffect(() => () => services.topSearch.setKeyword(''), [services]);

  const change = (value: string) => {
    setInput(value);
    services.topSearch.setKeyword(value);
  };
  const done = () => change('');

  return (
    <div
      style={{ position: 'relative', width: 280 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') done();
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Input
        type="search"
        aria-label={t('ui.top.search')}
        placeholder={t('ui.top.search')}
        contentBefore={<SearchRegular />}
        value={input}
        onChange={(_e, data) => change(data.value)}
        style={{ width: '100%' }}
      />
      {state !== 'closed' && results !== undefined && (
        <div
          role="region"
          aria-label={t('ui.top.results')}
          style={{
            position: 'absolute',
            top: '100%',
            left: 0,
            right: 0,
            zIndex: 10,
            marginTop: 4,
            maxHeight: 420,
            overflowY: 'auto',
            background: 'white',
            border: '1px solid #e5e7eb',
            borderRadius: 6,
            boxShadow: '0 4px 16px rgba(0,0,0,0.12)',
            padding: 8,
          }}
        >
          {state === 'searching' && <Spinner size="tiny" label={t('ui.top.searching')} />}
          {state === 'empty' && <Text>{t('toast.noSearchResults')}</Text>}
          {state === 'results' && (
            <>
              <ResultGroup title={t('ui.top.friends')} count={results.friends.length}>
                {results.friends.map((friend) => (
                  <ResultButton
                    key={friend.userID}
                    name={friendDisplayName(friend)}
                    faceURL={friend.faceURL}
                    onClick={() => {
                      done();
                      dialogs.openUserCard(friend);
                    }}
                  />
                ))}
              </ResultGroup>
              <ResultGroup title={t('ui.top.groups')} count={results.groups.length}>
                {results.groups.map((group) => (
                  <ResultButton
                    key={group.groupID}
                    name={group.groupName}
                    faceURL={group.faceURL}
                    onClick={() => {
                      done();
                      dialogs.openGroupCard(group);
                    }}
                  />
                ))}
              </ResultGroup>
              <ResultGroup title={t('ui.top.messages')} count={results.messages.length}>
                {results.messages.map((hit) => (
                  <ResultButton
                    key={`${hit.conversation.conversationID}-${hit.message.clientMsgID}`}
                    name={hit.conversation.showName}
                    faceURL={hit.conversation.faceURL}
                    detail={hit.preview}
                    onClick={() => {
                      done();
                      void navigate(`/chat/${encodeURIComponent(hit.conversation.conversationID)}`);
                    }}
                  />
                ))}
              </ResultGroup>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ResultGroup(props: {
  readonly title: string;
  readonly count: number;
  readonly children: ReactNode;
}) {
  if (props.count === 0) return null;
  return (
    <section aria-label={props.title}>
      <Text block size={200} weight="semibold" style={{ padding: '4px 0' }}>
        {props.title}
      </Text>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>{props.children}</ul>
    </section>
  );
}

function ResultButton(props: {
  readonly name: string;
  readonly faceURL: string;
  readonly detail?: string;
  readonly onClick: () => void;
}) {
  return (
    <li>
      <Button
        appearance="subtle"
        style={{ width: '100%', justifyContent: 'flex-start', gap: 8 }}
        onClick={props.onClick}
      >
        <Avatar
          size={28}
          name={props.name}
          {...(props.faceURL !== '' ? { image: { src: props.faceURL } } : {})}
        />
        <span style={{ display: 'grid', textAlign: 'left', minWidth: 0 }}>
          <span>{props.name}</span>
          {props.detail !== undefined && (
            <Text size={200} truncate wrap={false}>
              {props.detail}
            </Text>
          )}
        </span>
      </Button>
    </li>
  );
}

/** Add friends (hidden when self allowAddFriend is not-allow), Add group, Create group (only if allowed). */
function PlusMenu({ services }: { readonly services: SignedInServices }) {
  const { t } = useText();
  const dialogs = useContactDialogs();
  const self = useObservableState(services.currentUser.selfInfo$, services.currentUser.selfInfo);
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<AddRegular />} aria-label={t('ui.top.plus')} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {isAddFriendMenuVisible(self) && (
            <MenuItem onClick={() => dialogs.openAddSearch('friend')}>{t('ui.top.addFriend')}</MenuItem>
          )}
          <MenuItem onClick={() => dialogs.openAddSearch('group')}>{t('ui.top.addGroup')}</MenuItem>
          {canCreateGroup(self) && (
            <MenuItem onClick={() => dialogs.openCreateGroup()}>{t('ui.top.createGroup')}</MenuItem>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
