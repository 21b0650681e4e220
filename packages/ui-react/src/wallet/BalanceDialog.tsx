import { balanceViewModel } from '@teamim/application';
import { Button, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BalanceLogRow } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useEffect, useRef } from 'react';
import { CardDialog } from '../common/CardDialog';
import { useViewModel } from '../session';
import { useText } from '../text';

const ROW_HEIGHT = 56;
/** Spec §2, §9: the detail list is 400 high. */
const LIST_HEIGHT = '400px';
/** Rows from the end at which the next page is asked for. */
const PREFETCH_ROWS = 5;

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    marginBottom: tokens.spacingVerticalM,
  },
  caption: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  amount: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  sectionTitle: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  scroller: { height: LIST_HEIGHT, overflowY: 'auto', position: 'relative' },
  canvas: { position: 'relative', width: '100%' },
  item: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    boxSizing: 'border-box',
  },
  rowText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  money: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  incoming: { color: tokens.colorPaletteGreenForeground1 },
  empty: {
    height: LIST_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
  },
  failed: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorPaletteRedForeground1,
  },
});

// A virtual list places each row at a computed offset, which no static class can express.
const sized = (height: number) => (element: HTMLElement | null) => {
  if (element !== null) element.style.height = `${height}px`;
};
const placed = (height: number, top: number) => (element: HTMLElement | null) => {
  if (element === null) return;
  element.style.height = `${height}px`;
  element.style.transform = `translateY(${top}px)`;
};

/** My balance (spec §2, §9): the balance in yuan and the ledger, virtualized and paged as it scrolls. */
export function BalanceDialog({ onClose }: { readonly onClose: () => void }) {
  const vm = useViewModel((vms) => vms.build(balanceViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useStyles();
  useEffect(() => {
    void vm.refresh();
  }, [vm]);
  return (
    <CardDialog title={t('ui.wallet.title')} width="modal" onClose={onClose}>
      <div className={styles.header}>
        <Text className={styles.caption}>{t('ui.wallet.balance')}</Text>
        {state.status === 'failed' ? (
          <div className={styles.failed} role="alert">
            <Text>{t('toast.fetchBalanceFailed')}</Text>
            <Button size="small" onClick={() => void vm.refresh()}>
              {t('ui.wallet.retry')}
            </Button>
          </div>
        ) : state.balance === undefined ? (
          <Spinner size="small" label={t('ui.wallet.loading')} />
        ) : (
          <Text className={styles.amount} aria-live="polite">
            ¥{state.balance}
          </Text>
        )}
      </div>
      <Text as="h3" className={styles.sectionTitle}>
        {t('ui.wallet.details')}
      </Text>
      {state.status === 'ready' && state.rows.length === 0 ? (
        <div className={styles.empty}>{t('ui.wallet.empty')}</div>
      ) : (
        <LedgerList
          rows={state.rows}
          hasMore={state.hasMore}
          loadingMore={state.loadingMore}
          onEnd={() => void vm.loadMore()}
        />
      )}
    </CardDialog>
  );
}

function LedgerList(props: {
  readonly rows: readonly BalanceLogRow[];
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly onEnd: () => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const { rows, hasMore, onEnd } = props;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && last >= rows.length - PREFETCH_ROWS) onEnd();
  }, [hasMore, last, rows.length, onEnd]);
  return (
    <div
      ref={scroller}
      role="list"
      aria-label={t('ui.wallet.details')}
      aria-busy={props.loadingMore}
      className={styles.scroller}
      tabIndex={0}
    >
      <div className={styles.canvas} ref={sized(virtualizer.getTotalSize())}>
        {items.map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          return (
            <div key={row.id} role="listitem" className={styles.item} ref={placed(item.size, item.start)}>
              <div className={styles.rowText}>
                <Text className={styles.ellipsis}>
                  {t(row.typeKey)}
                  {row.remark !== '' && ` · ${row.remark}`}
                </Text>
                <Text className={styles.time}>{row.time}</Text>
              </div>
              <Text className={mergeClasses(styles.money, row.incoming && styles.incoming)}>
                {row.amount}
              </Text>
            </div>
          );
        })}
      </div>
    </div>
  );
}
