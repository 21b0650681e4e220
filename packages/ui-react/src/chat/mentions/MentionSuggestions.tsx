import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import type { ComposerViewModel, MentionOption } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { FaceAvatar } from '../../FaceAvatar';
import { useText } from '../../text';
import { useMentionTarget } from './mention-bridge';

const useStyles = makeStyles({
  list: {
    position: 'absolute',
    bottom: '100%',
    left: tokens.spacingHorizontalL,
    zIndex: 10,
    width: '280px',
    maxHeight: '264px',
    overflowY: 'auto',
    margin: 0,
    // Clear of the composer's top border, which it covered.
    marginBottom: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalXS,
    listStyleType: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
  option: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  allIcon: {
    width: '24px',
    height: '24px',
    display: 'grid',
    placeItems: 'center',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  names: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground3 },
});

/**
 * The composer's mention suggestions (spec §2): "@" and one character in a group lists ranked
 * members; Up and Down move, Enter or Tab inserts, Escape closes, a click inserts. Focus stays in the
 * message box, which names the active entry with aria-activedescendant. Also inserts the mentions a
 * member's avatar asks for.
 */
export function useMentionSuggestions(
  conversationID: string,
  vm: ComposerViewModel,
  box: RefObject<HTMLTextAreaElement | null>,
) {
  const suggestions = useObservableEagerState(vm.mentions.suggestions$);
  const [active, setActive] = useState(0);
  const listID = useId();
  const options = suggestions.options;
  const open = options.length > 0;

  useEffect(() => setActive(0), [suggestions]);

  const place = (next: { readonly text: string; readonly caret: number }) => {
    vm.change(next.text);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const caret = () => box.current?.selectionStart ?? vm.state.text.length;
  const choose = (option: MentionOption) => place(vm.mentions.choose(option, vm.state.text, caret()));

  useMentionTarget(conversationID, (member) =>
    place(vm.mentions.insertMember(member, vm.state.text, caret())),
  );

  /** Call after the text or the caret changed. */
  const refresh = (text: string, at: number) => void vm.mentions.update(text, at);

  /** Handles the key when the list is open; returns whether it did. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const chosen = options[Math.min(active, options.length - 1)];
    switch (event.key) {
      case 'ArrowDown':
        setActive((a) => (a + 1) % options.length);
        break;
      case 'ArrowUp':
        setActive((a) => (a - 1 + options.length) % options.length);
        break;
      case 'Enter':
      case 'Tab':
        if (chosen !== undefined) choose(chosen);
        break;
      case 'Escape':
        vm.mentions.close();
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  // While the list is open the box is an ARIA combobox (WAI-ARIA APG, list autocomplete): the
  // focus stays in it and aria-activedescendant names the highlighted option.
  const textboxProps = open
    ? {
        role: 'combobox',
        'aria-expanded': true,
        'aria-autocomplete': 'list' as const,
        'aria-haspopup': 'listbox' as const,
        'aria-controls': listID,
        'aria-activedescendant': `${listID}-${Math.min(active, options.length - 1)}`,
      }
    : {};

  const popover = open ? (
    <MentionList id={listID} options={options} active={active} onChoose={choose} />
  ) : null;
  return { onKeyDown, refresh, textboxProps, popover };
}

function MentionList(props: {
  readonly id: string;
  readonly options: readonly MentionOption[];
  readonly active: number;
  readonly onChoose: (option: MentionOption) => void;
}) {
  const styles = useStyles();
  const { t } = useText();
  useEffect(() => {
    document.getElementById(`${props.id}-${props.active}`)?.scrollIntoView({ block: 'nearest' });
  }, [props.id, props.active]);
  return (
    <ul id={props.id} role="listbox" aria-label={t('ui.media.mentionList')} className={styles.list}>
      {props.options.map((option, index) => (
        <li
          key={option.userID}
          id={`${props.id}-${index}`}
          role="option"
          aria-selected={index === props.active}
          aria-label={[option.all ? t('ui.media.mentionAll') : option.name, option.detail]
            .filter((part) => part !== '')
            .join(', ')}
          className={mergeClasses(styles.option, index === props.active && styles.active)}
          // Keeps the focus (and the caret) in the message box.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => props.onChoose(option)}
        >
          {option.all ? (
            <span className={styles.allIcon} aria-hidden>
              <PeopleTeamRegular />
            </span>
          ) : (
            <FaceAvatar name={option.name} faceURL={option.faceURL} size={24} />
          )}
          <span className={styles.names}>
            <Text truncate wrap={false}>
              {option.all ? t('ui.media.mentionAll') : option.name}
            </Text>
            {option.detail !== '' && (
              <Text size={200} truncate wrap={false} className={styles.detail}>
                {option.detail}
              </Text>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
