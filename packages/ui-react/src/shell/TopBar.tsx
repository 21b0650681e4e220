import { Button, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { TopSearchHit } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../LanguageSwitch';
import { deferred, useMenuOnRequest } from '../deferred';
import { useContactDialogs } from '../common/contact-dialogs';
import { useViewModel } from '../session';
import { useText } from '../text';
import { TOP_SEARCH_ID } from '../common/keyboard';
import { PlusButton } from './PlusButton';

// Add friend, Add group, Create group: a chunk of its own, loaded when first opened or while idle.
export const plusMenu = deferred(() => import('./PlusMenu').then((m) => m.PlusMenu));
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minHeight: '48px',
    boxSizing: 'border-box',
  },
  search: { position: 'relative', width: 'min(420px, 50vw)' },
  input: { width: '100%' },
  end: { marginLeft: 'auto' },
  dropdown: {
    position: 'absolute',
    top: '100%',
    left: 0,
    right: 0,
    zIndex: 10,
    marginTop: tokens.spacingVerticalXS,
    maxHeight: '420px',
    overflowY: 'auto',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
  },
  groupTitle: { display: 'block', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}` },
  list: { listStyleType: 'none', padding: 0, margin: 0 },
  hit: { width: '100%', justifyContent: 'flex-start', gap: tokens.spacingHorizontalS },
  hitText: { display: 'grid', textAlign: 'start', minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground3 },
});

/**
 * The top bar of the chat and contact pages (spec §2): the search box (debounced, blank clears), the
 * plus menu gated by the self info, and the language switch.
 */
export function TopBar(props: { readonly canAddFriends: boolean; readonly canCreateGroup: boolean }) {
  const styles = useStyles();
  return (
    <header className={styles.bar}>
      <TopSearch />
      <PlusEntry {...props} />
      <span className={styles.end}>
        <LanguageSwitch />
      </span>
    </header>
  );
}

function TopSearch() {
  const { t } = useText();
  const styles = useStyles();
  const dialogs = useContactDialogs();
  const navigate = useNavigate();
  const vm = useViewModel((vms) => vms.topSearch());
  const state = useObservableEagerState(vm.state$);
  // The dropdown hides while focus is elsewhere; the typed text and results stay.
  const [focused, setFocused] = useState(false);
  const dropdown = focused ? state.dropdown : 'closed';

  const choose = (hit: TopSearchHit) => {
    vm.clear();
    if (hit.kind === 'friend') dialogs.openUserCard(hit.friend);
    else if (hit.kind === 'group') dialogs.openGroupCard(hit.group);
    // A message hit opens its conversation at that message.
    else void navigate(`/chat/${encodeURIComponent(vm.openMessage(hit))}`);
  };

  return (
    <div
      role="search"
      className={styles.search}
      onKeyDown={(event) => {
        if (event.key === 'Escape') vm.clear();
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Input
        id={TOP_SEARCH_ID}
        type="search"
        className={styles.input}
        aria-label={t('ui.top.search')}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder={`${t('ui.top.search')} (${t('ui.shell.searchShortcut')})`}
        contentBefore={<SearchRegular />}
        value={state.input}
        onChange={(_e, data) => vm.type(data.value)}
      />
      {dropdown !== 'closed' && (
        <div role="region" aria-label={t('ui.top.results')} className={styles.dropdown}>
          {dropdown === 'searching' && <Spinner size="tiny" label={t('ui.top.searching')} />}
          {dropdown === 'empty' && <Text>{t('toast.noSearchResults')}</Text>}
          {dropdown === 'results' && (
            <>
              <ResultGroup title={t('ui.top.friends')} hits={state.friends} onChoose={choose} />
              <ResultGroup title={t('ui.top.groups')} hits={state.groups} onChoose={choose} />
              <ResultGroup title={t('ui.top.messages')} hits={state.messages} onChoose={choose} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ResultGroup(props: {
  readonly title: string;
  readonly hits: readonly TopSearchHit[];
  readonly onChoose: (hit: TopSearchHit) => void;
}): ReactNode {
  const styles = useStyles();
  if (props.hits.length === 0) return null;
  return (
    <section aria-label={props.title}>
      <Text block size={200} weight="semibold" className={styles.groupTitle}>
        {props.title}
      </Text>
      <ul className={styles.list}>
        {props.hits.map((hit) => (
          <li key={hit.key}>
            <Button appearance="subtle" className={styles.hit} onClick={() => props.onChoose(hit)}>
              <FaceAvatar name={hit.name} faceURL={hit.faceURL} size={28} group={hit.kind === 'group'} />
              <span className={styles.hitText}>
                <span>{hit.name}</span>
                {hit.kind === 'message' && (
                  <Text size={200} truncate wrap={false} className={styles.detail}>
                    {hit.detail}
                  </Text>
                )}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlusEntry(props: { readonly canAddFriends: boolean; readonly canCreateGroup: boolean }) {
  const { requested, attempt, triggerProps } = useMenuOnRequest();
  const alone = <PlusButton {...triggerProps} />;
  if (!requested) return alone;
  return (
    <Suspense fallback={alone}>
      <plusMenu.Component key={attempt} unavailable={alone} {...props} />
    </Suspense>
  );
}
