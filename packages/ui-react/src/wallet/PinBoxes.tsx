import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useText } from '../text';

const useStyles = makeStyles({
  group: { display: 'flex', gap: tokens.spacingHorizontalS },
  box: { width: '44px', minWidth: '44px', height: '44px' },
  input: { textAlign: 'center', fontSize: tokens.fontSizeBase500, padding: 0 },
});

/**
 * Six masked single-digit boxes (spec §2 Pay-password, §5), a labelled group of labelled inputs.
 * Typing moves to the next box, Backspace on an empty box goes back, and pasting digits fills the
 * boxes from the one pasted into. What the digits mean is the view model's business.
 */
export function PinBoxes(props: {
  readonly label: string;
  readonly value: string;
  readonly length: number;
  readonly onChange: (value: string) => void;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  readonly invalid?: boolean;
  /** id of the message that describes the group (its error). */
  readonly describedBy?: string;
}) {
  const { t } = useText();
  const styles = useStyles();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const { value, length, onChange } = props;

  // The box to type in next follows the value (after typing, pasting or a cleared field).
  const focusIndex = Math.min(value.length, length - 1);
  const focusNext = useRef(false);
  useEffect(() => {
    if (focusNext.current) boxes.current[focusIndex]?.focus();
    focusNext.current = false;
  }, [focusIndex, value]);

  // A rejected entry is cleared; typing starts again in its first box.
  useEffect(() => {
    if (props.invalid === true) boxes.current[0]?.focus();
  }, [props.invalid]);

  const put = (index: number, typed: string) => {
    const digits = typed.replace(/[^0-9]/g, '');
    if (digits === '') return;
    focusNext.current = true;
    onChange((value.slice(0, Math.min(index, value.length)) + digits).slice(0, length));
  };
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace') return;
    event.preventDefault();
    const cut = index < value.length ? index : Math.max(0, value.length - 1);
    focusNext.current = true;
    onChange(value.slice(0, cut));
  };
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    put(index, event.clipboardData.getData('text'));
  };

  return (
    <div
      role="group"
      aria-label={props.label}
      {...(props.describedBy === undefined ? {} : { 'aria-describedby': props.describedBy })}
      className={styles.group}
    >
      {Array.from({ length }, (_, index) => (
        <Input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          className={styles.box}
          input={{ className: styles.input }}
          aria-label={t('ui.pay.digit', { label: props.label, n: index + 1, count: length })}
          aria-invalid={props.invalid === true}
          disabled={props.disabled === true}
          autoFocus={props.autoFocus === true && index === 0}
          value={value[index] ?? ''}
          onFocus={() => {
            // Boxes fill in order: focusing a later empty box moves to the first empty one.
            if (index > value.length) boxes.current[value.length]?.focus();
          }}
          onChange={(_event, data) => {
            // A filled box receives the new digit next to its old one; keep only what was typed.
            const old = value[index] ?? '';
            put(index, old !== '' && data.value.length > 1 ? data.value.replace(old, '') : data.value);
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
        />
      ))}
    </div>
  );
}
