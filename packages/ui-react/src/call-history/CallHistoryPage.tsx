import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
// Icons the app already ships (they all share one chunk that the sign-in page loads).
import {
  ArrowForwardRegular,
  ArrowUndoRegular,
  Call24Regular,
  CallMissed16Regular,
  Video24Regular,
} from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CallHistoryFilter, CallHistoryRow, CallHistoryViewModel } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useRef } from 'react';
import { heightOf, placedAt } from '../geometry';
import { useViewModel } from '../session';
import { useText } from '../text';

const ROW_HEIGHT = 64;

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    flex: 1,
    minWidth: 0,
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  filters: { display: 'flex', gap: tokens.spacingHorizontalXS },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  scroller: { flex: 1, overflowY: 'auto', position: 'relative' },
  canvas: { position: 'relative', width: '100%' },
  row: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: `${ROW_HEIGHT}px`,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  // One width for every direction icon, so the names line up whichever icon a row has.
  icon: {
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorNeutralForeground2,
    display: 'flex',
    justifyContent: 'center',
    width: '24px',
    flexShrink: 0,
  },
  missedIcon: { color: tokens.colorPaletteRedForeground1 },
  text: { display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  missedName: { color: tokens.colorPaletteRedForeground1 },
  outcome: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  time: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  empty: {
    display: 'block',
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

/** The call history (left navigation's Calls): every call and meeting, newest first, or the missed ones. */
export function CallHistoryPage() {
  const vm = useViewModel((vms) => vms.callHistory());
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const styles = useStyles();
  return (
    <section className={styles.page} aria-labelledby="call-history-title">
      <div className={styles.header}>
        <h1 id="call-history-title" className={styles.title}>
          {t('ui.callHistory.nav')}
        </h1>
        {/* Two pressed-or-not buttons rather than Fluent's TabList, whose keyboard helper inserts
            focusable elements marked aria-hidden (axe: aria-hidden-focus), as the sign-in tabs say. */}
        <div className={styles.filters}>
          {(['all', 'missed'] as const).map((filter) => (
            <ToggleButton
              key={filter}
              size="small"
              appearance="subtle"
              checked={state.filter === filter}
              onClick={() => vm.setFilter(filter)}
            >
              {t(filter === 'all' ? 'ui.callHistory.all' : 'ui.callHistory.missed')}
            </ToggleButton>
          ))}
        </div>
      </div>
      {!state.loaded && state.rows.length === 0 ? (
        <Spinner label={t('ui.state.loadingClient')} />
      ) : (
        <HistoryList vm={vm} rows={state.rows} filter={state.filter} />
      )}
    </section>
  );
}

function HistoryList(props: {
  readonly vm: CallHistoryViewModel;
  readonly rows: readonly CallHistoryRow[];
  readonly filter: CallHistoryFilter;
}) {
  const { vm, rows } = props;
  const { t } = useText();
  const styles = useStyles();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
  });
  if (rows.length === 0) {
    return (
      <Text className={styles.empty}>
        {t(props.filter === 'missed' ? 'ui.callHistory.emptyMissed' : 'ui.callHistory.empty')}
      </Text>
    );
  }
  return (
    <div ref={scrollRef} className={styles.scroller}>
      <div
        role="list"
        aria-label={t('ui.callHistory.list')}
        className={styles.canvas}
        style={heightOf(virtualizer.getTotalSize())}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          return (
            <HistoryRow
              key={item.key}
              vm={vm}
              row={row}
              top={item.start}
              index={item.index}
              total={rows.length}
            />
          );
        })}
      </div>
    </div>
  );
}

function DirectionIcon({ row }: { readonly row: CallHistoryRow }) {
  const { t } = useText();
  const styles = useStyles();
  const label = t(row.direction === 'incoming' ? 'ui.callHistory.incoming' : 'ui.callHistory.outgoing');
  let icon = row.direction === 'incoming' ? <ArrowUndoRegular /> : <ArrowForwardRegular />;
  if (row.missed) icon = <CallMissed16Regular />;
  return (
    <span
      role="img"
      aria-label={label}
      className={mergeClasses(styles.icon, row.missed && styles.missedIcon)}
    >
      {icon}
    </span>
  );
}

function HistoryRow(props: {
  readonly vm: CallHistoryViewModel;
  readonly row: CallHistoryRow;
  readonly top: number;
  readonly index: number;
  readonly total: number;
}) {
  const { vm, row } = props;
  const { t } = useText();
  const styles = useStyles();
  const media = t(row.mediaType === 'video' ? 'call.videoCall' : 'call.voiceCall');
  return (
    <div
      role="listitem"
      aria-posinset={props.index + 1}
      aria-setsize={props.total}
      className={styles.row}
      style={placedAt(props.top)}
      data-outcome={row.outcome}
    >
      <DirectionIcon row={row} />
      <div className={styles.text}>
        <span className={mergeClasses(styles.name, row.missed && styles.missedName)}>{row.name}</span>
        <span className={styles.outcome}>
          {row.kind === 'call' ? `${media} · ${row.outcomeText}` : row.outcomeText}
        </span>
      </div>
      <span className={styles.time}>{row.time}</span>
      {row.action === 'callBack' && (
        <Button
          appearance="subtle"
          icon={row.mediaType === 'video' ? <Video24Regular /> : <Call24Regular />}
          aria-label={t('ui.callHistory.callBack', { name: row.name })}
          title={t('ui.callHistory.callBack', { name: row.name })}
          onClick={() => void vm.callBack(row.id)}
        />
      )}
      {row.action === 'join' && (
        <Button
          appearance="primary"
          size="small"
          aria-label={t('ui.callHistory.join', { name: row.name })}
          onClick={() => void vm.join(row.id)}
        >
          {t('ui.callHistory.joinButton')}
        </Button>
      )}
    </div>
  );
}
