import {
  Button,
  Caption1Strong,
  makeStyles,
  mergeClasses,
  tokens,
  type GriffelStyle,
} from '@fluentui/react-components';
import {
  DismissRegular,
  MaximizeRegular,
  SquareMultipleRegular,
  SubtractRegular,
} from '@fluentui/react-icons';
import { TitleBarViewModel, type WindowControls } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect } from 'react';
import { useText } from '../text';
import { useOwnedViewModel } from '../view-model-lifetime';

// Electron's draggable-region property is not in the CSS typings; Griffel writes it as -webkit-app-region.
const drag = { WebkitAppRegion: 'drag' } as GriffelStyle;
const noDrag = { WebkitAppRegion: 'no-drag' } as GriffelStyle;

const TITLE_BAR_HEIGHT = '32px';

const useStyles = makeStyles({
  bar: {
    ...drag,
    display: 'flex',
    alignItems: 'center',
    height: TITLE_BAR_HEIGHT,
    flexShrink: 0,
    userSelect: 'none',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
  },
  // Native traffic lights sit at the left on macOS: the name is centred, as there.
  nameCentered: { flex: 1, textAlign: 'center' },
  name: { flex: 1, paddingLeft: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  controls: { ...noDrag, display: 'flex', height: '100%' },
  control: {
    minWidth: '46px',
    height: '100%',
    borderRadius: 0,
  },
  close: {
    ':hover': {
      backgroundColor: tokens.colorPaletteRedBackground3,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

/** Spec §2 "Desktop only": the frameless window's title bar and its controls (not on macOS); Esc minimizes. */
export function TitleBar({ controls }: { readonly controls: WindowControls }) {
  const { t } = useText();
  const styles = useStyles();
  const vm = useOwnedViewModel(() => new TitleBarViewModel(controls), [controls]);
  const state = useObservableEagerState(vm.state$);

  useEffect(() => {
    // Bubbling to the document: a dialog or menu that closes on Esc prevents the default, and then the
    // window stays as it is; only an Esc nothing else used minimizes.
    const onKeyDown = (event: KeyboardEvent): void => {
      const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
      if (event.key === 'Escape' && plain && !event.defaultPrevented && !event.isComposing) {
        void vm.minimize();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [vm]);

  return (
    <div role="group" aria-label={t('ui.desktop.titleBar')} className={styles.bar}>
      <Caption1Strong
        className={state.ownControls ? styles.name : mergeClasses(styles.name, styles.nameCentered)}
      >
        {t('ui.app.name')}
      </Caption1Strong>
      {state.ownControls && (
        <div className={styles.controls}>
          <Button
            appearance="subtle"
            className={styles.control}
            icon={<SubtractRegular />}
            aria-label={t('ui.desktop.minimize')}
            onClick={() => void vm.minimize()}
          />
          <Button
            appearance="subtle"
            className={styles.control}
            icon={state.maximized ? <SquareMultipleRegular /> : <MaximizeRegular />}
            aria-label={t(state.maximized ? 'ui.desktop.restore' : 'ui.desktop.maximize')}
            onClick={() => void vm.toggleMaximize()}
          />
          <Button
            appearance="subtle"
            className={mergeClasses(styles.control, styles.close)}
            icon={<DismissRegular />}
            aria-label={t('ui.desktop.close')}
            onClick={() => void vm.close()}
          />
        </div>
      )}
    </div>
  );
}
