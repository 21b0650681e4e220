import { CounterBadge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  Call24Filled,
  Call24Regular,
  ChatFilled,
  ChatRegular,
  PeopleFilled,
  PeopleRegular,
} from '@fluentui/react-icons';
import type { ShellState } from '@teamim/application';
import { Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useObservableEagerState } from 'observable-hooks';
import { deferred, useMenuOnRequest } from '../deferred';
import { useViewModel } from '../session';
import { useText } from '../text';
import { AccountButton } from './AccountButton';

// The menu with its logout confirmation and account dialogs: a chunk of its own (see useMenuOnRequest).
export const accountMenu = deferred(() => import('./AccountMenu').then((m) => m.AccountMenu));

const useStyles = makeStyles({
  rail: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} 0`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXXS,
    width: '56px',
    padding: `${tokens.spacingVerticalS} 0`,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase100,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: tokens.shadow2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorBrandForeground1 },
  },
  icon: { fontSize: '24px' },
  badge: { position: 'absolute', top: '2px', right: '6px' },
  account: { marginTop: 'auto' },
});

/** Spec §2 left navigation: chat, contacts and calls with their badges, and the own avatar's menu. */
export function NavRail({ state, onLogout }: { readonly state: ShellState; readonly onLogout: () => void }) {
  const { t } = useText();
  const styles = useStyles();
  return (
    <nav aria-label={t('ui.nav.label')} className={styles.rail}>
      <NavItem
        to="/chat"
        label={t('ui.nav.chat')}
        icon={(active) => (active ? <ChatFilled /> : <ChatRegular />)}
        count={state.unread}
        countLabel={t('ui.nav.unread', { count: state.unread })}
      />
      <NavItem
        to="/contact"
        label={t('ui.nav.contact')}
        icon={(active) => (active ? <PeopleFilled /> : <PeopleRegular />)}
        count={state.applications}
        countLabel={t('ui.nav.applications', { count: state.applications })}
      />
      <CallsNavItem />
      <div className={styles.account}>
        <AccountEntry state={state} onLogout={onLogout} />
      </div>
    </nav>
  );
}

/** The call history with its missed-call badge, where the deployment has calls. */
function CallsNavItem() {
  const { t } = useText();
  const vm = useViewModel((vms) => vms.missedCallsBadge());
  const { available, count } = useObservableEagerState(vm.state$);
  if (!available) return null;
  return (
    <NavItem
      to="/calls"
      label={t('ui.callHistory.nav')}
      icon={(active) => (active ? <Call24Filled /> : <Call24Regular />)}
      count={count}
      countLabel={t('ui.callHistory.missedBadge', { count })}
    />
  );
}

function NavItem(props: {
  readonly to: string;
  readonly label: string;
  readonly icon: (active: boolean) => ReactNode;
  readonly count: number;
  readonly countLabel: string;
}) {
  const styles = useStyles();
  return (
    <NavLink to={props.to} className={({ isActive }) => mergeClasses(styles.item, isActive && styles.active)}>
      {({ isActive }) => (
        <>
          <span className={styles.icon} aria-hidden>
            {props.icon(isActive)}
          </span>
          {props.label}
          {props.count > 0 && (
            <CounterBadge
              className={styles.badge}
              count={props.count}
              overflowCount={99}
              size="small"
              aria-label={props.countLabel}
            />
          )}
        </>
      )}
    </NavLink>
  );
}

function AccountEntry({ state, onLogout }: { readonly state: ShellState; readonly onLogout: () => void }) {
  const { requested, attempt, triggerProps } = useMenuOnRequest();
  const alone = <AccountButton self={state.self} {...triggerProps} />;
  if (!requested) return alone;
  return (
    <Suspense fallback={alone}>
      <accountMenu.Component key={attempt} unavailable={alone} state={state} onLogout={onLogout} />
    </Suspense>
  );
}
