import {
  makeStyles,
  mergeClasses,
  shorthands,
  tokens,
  createFocusOutlineStyle,
} from '@fluentui/react-components';
import type { SignInTab } from '@teamim/application';
import type { KeyboardEvent } from 'react';
import { useText } from '../text';
import type { UiKey } from '../ui-messages';

export const SIGN_IN_TABS: readonly SignInTab[] = ['login', 'register', 'reset', 'qr'];
/** The tabs where the deployment has no sign-in by QR code. */
export const FORM_TABS: readonly SignInTab[] = ['login', 'register', 'reset'];

const LABELS: Record<SignInTab, UiKey> = {
  login: 'ui.login.tab.login',
  register: 'ui.login.tab.register',
  reset: 'ui.login.tab.reset',
  qr: 'ui.login.tab.qr',
};

export const tabId = (base: string, tab: SignInTab) => `${base}-tab-${tab}`;
export const panelId = (base: string) => `${base}-panel`;

const useStyles = makeStyles({
  list: {
    display: 'flex',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  tab: {
    // Each tab as wide as its label needs, the spare width shared: "Forgot password" fits at 460 px.
    flex: '1 1 auto',
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalS,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', 'transparent'),
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightRegular,
    lineHeight: tokens.lineHeightBase300,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
    ':hover': { backgroundColor: tokens.colorNeutralBackground1 },
  },
  focus: createFocusOutlineStyle(),
});

/**
 * The screens' tabs: a plain ARIA tablist (arrow keys, Home and End move and select) rather than
 * Fluent's TabList, whose keyboard helper inserts focusable elements marked aria-hidden (axe:
 * aria-hidden-focus).
 */
export function SignInTabs(props: {
  readonly idBase: string;
  readonly tabs: readonly SignInTab[];
  readonly selected: SignInTab;
  readonly onSelect: (tab: SignInTab) => void;
}) {
  const { idBase, tabs, selected, onSelect } = props;
  const styles = useStyles();
  const { t } = useText();

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const count = tabs.length;
    const index = tabs.indexOf(selected);
    const targets: Partial<Record<string, number>> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index + count - 1) % count,
      Home: 0,
      End: count - 1,
    };
    const next = targets[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab);
    document.getElementById(tabId(idBase, tab))?.focus();
  };

  return (
    <div role="tablist" aria-label={t('ui.login.tabs')} className={styles.list}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(idBase, tab)}
          aria-selected={tab === selected}
          aria-controls={tab === selected ? panelId(idBase) : undefined}
          tabIndex={tab === selected ? 0 : -1}
          className={mergeClasses(styles.tab, styles.focus, tab === selected && styles.selected)}
          onClick={() => onSelect(tab)}
          onKeyDown={move}
        >
          {t(LABELS[tab])}
        </button>
      ))}
    </div>
  );
}
