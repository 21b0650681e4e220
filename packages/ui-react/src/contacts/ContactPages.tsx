import { contactsPageViewModel } from '@teamim/application';
import { CounterBadge, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { ContactSectionId } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { NavLink, Outlet } from 'react-router';
import { useViewModel } from '../session';
import { useText } from '../text';
import { FriendList, GroupList } from './ContactLists';
import { GroupNotifications, NewFriends } from './RequestLists';
import { Blacklist } from './Blacklist';
import { NARROW_SECTION_LIST_WIDTH, NARROW_WINDOW, SECTION_LIST_WIDTH } from '../layout';

const TITLES = {
  myFriends: 'ui.contact.myFriends',
  myGroups: 'ui.contact.myGroups',
  newFriends: 'ui.contact.newFriends',
  groupNotifications: 'ui.contact.groupNotifications',
  blacklist: 'ui.contact.blacklist',
} as const satisfies Record<ContactSectionId, string>;

type SectionKey = (typeof TITLES)[ContactSectionId];

const useStyles = makeStyles({
  page: { display: 'flex', height: '100%', minHeight: 0, minWidth: 0, flexGrow: 1 },
  side: {
    width: SECTION_LIST_WIDTH,
    [`@media ${NARROW_WINDOW}`]: { width: NARROW_SECTION_LIST_WIDTH },
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalL,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: {
    margin: 0,
    paddingInline: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  navList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '36px',
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { ...shorthands.outline(tokens.strokeWidthThick, 'solid', tokens.colorStrokeFocus2) },
  },
  current: {
    backgroundColor: tokens.colorSubtleBackgroundSelected,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  linkText: { flexGrow: 1 },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalL,
    paddingInline: tokens.spacingHorizontalXL,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
});

/** /contact (spec §2): the sub-navigation with its request badges, and the chosen page. */
export function ContactPage() {
  const vm = useViewModel((vms) => vms.build(contactsPageViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <div className={styles.side}>
        <h1 className={styles.title}>{t('ui.contact.title')}</h1>
        <nav aria-label={t('ui.contact.title')}>
          <ul className={styles.navList}>
            {state.sections.map((section) => (
              <li key={section.id}>
                <NavLink
                  to={section.path === '' ? '/contact' : `/contact/${section.path}`}
                  end
                  className={({ isActive }) => mergeClasses(styles.link, isActive && styles.current)}
                >
                  <span className={styles.linkText}>{t(TITLES[section.id])}</span>
                  {section.badge > 0 && (
                    <CounterBadge
                      count={section.badge}
                      size="small"
                      color="danger"
                      aria-label={t('ui.contact.pending', { count: section.badge })}
                    />
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}

/** The child page named by its title key (the routes pass the key). */
export function ContactSection({ titleKey }: { readonly titleKey: SectionKey }) {
  const { t } = useText();
  const styles = useStyles();
  return (
    <section className={styles.main} aria-labelledby="contact-section-title">
      <h2 id="contact-section-title" className={styles.heading}>
        {t(titleKey)}
      </h2>
      {titleKey === 'ui.contact.myFriends' && <FriendList />}
      {titleKey === 'ui.contact.myGroups' && <GroupList />}
      {titleKey === 'ui.contact.newFriends' && <NewFriends />}
      {titleKey === 'ui.contact.groupNotifications' && <GroupNotifications />}
      {/* Groups */}
      {titleKey === 'ui.contact.blacklist' && <Blacklist />}
    </section>
  );
}
