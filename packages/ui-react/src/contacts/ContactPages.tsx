import { Title3 } from '@fluentui/react-components';
import { NavLink, Outlet } from 'react-router';
import { useText } from '../text';

const CONTACT_SECTIONS = [
  ['', 'ui.contact.myFriends'],
  ['myGroups', 'ui.contact.myGroups'],
  ['newFriends', 'ui.contact.newFriends'],
  ['groupNotifications', 'ui.contact.groupNotifications'],
] as const;

/** /contact with its four child routes; the lists themselves come with a later issue. */
export function ContactPage() {
  const { t } = useText();
  return (
    <section>
      <Title3 as="h2">{t('ui.contact.title')}</Title3>
      <nav aria-label={t('ui.contact.title')} style={{ display: 'flex', gap: 12, margin: '8px 0' }}>
        {CONTACT_SECTIONS.map(([path, key]) => (
          <NavLink key={key} to={path === '' ? '/contact' : `/contact/${path}`} end>
            {t(key)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}

export function ContactSection({ titleKey }: { readonly titleKey: (typeof CONTACT_SECTIONS)[number][1] }) {
  const { t } = useText();
  return (
    <div>
      <Title3 as="h3">{t(titleKey)}</Title3>
      <p>{t('ui.contact.pending')}</p>
    </div>
  );
}
