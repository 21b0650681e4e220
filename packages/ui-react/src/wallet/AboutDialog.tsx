import { aboutViewModel } from '@teamim/application';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useObservableEagerState } from 'observable-hooks';
import { CardDialog } from '../common/CardDialog';
import { useDesktopSlots } from '../desktop-slots';
import { useViewModel } from '../session';
import { useText } from '../text';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'stretch' },
  product: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
  versions: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    textAlign: 'start',
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontVariantNumeric: 'tabular-nums' },
  copy: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    padding: tokens.spacingVerticalM,
    height: 'auto',
  },
});

/** About (spec §2): product name, version and SDK version; a click copies them. */
export function AboutDialog({ onClose }: { readonly onClose: () => void }) {
  const vm = useViewModel((vms) => vms.build(aboutViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useStyles();
  const DesktopAbout = useDesktopSlots().about;
  return (
    <CardDialog title={t('ui.about.title')} width="modal" onClose={onClose}>
      <div className={styles.body}>
        <Button
          appearance="subtle"
          className={styles.copy}
          title={t('ui.about.copy')}
          aria-label={`${t('ui.about.copy')}: ${state.copyText}`}
          onClick={() => void vm.copy((text) => navigator.clipboard.writeText(text))}
        >
          <Text className={styles.product}>{state.productName}</Text>
          {/* A button holds phrasing content only, so the version table is spans laid out as a grid. */}
          <span className={styles.versions}>
            <span className={styles.term}>{t('ui.about.version')}</span>
            <span className={styles.value}>{state.version}</span>
            <span className={styles.term}>{t('ui.about.sdkVersion')}</span>
            <span className={styles.value}>{state.sdkVersion}</span>
          </span>
          <Text size={200} className={styles.term}>
            <CopyRegular aria-hidden /> {t('ui.about.copy')}
          </Text>
        </Button>
        {DesktopAbout !== undefined && <DesktopAbout />}
      </div>
    </CardDialog>
  );
}
