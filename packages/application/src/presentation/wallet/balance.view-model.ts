import {
  balanceLogTypeKey,
  err,
  formatCentsAsYuan,
  ok,
  trimBalanceTime,
  type BalanceLogRecord,
  type I18nKey,
  type Result,
} from '@teamim/domain';
import { interval } from 'rxjs';
import type { Clock } from '../../ports/clock.port';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { WalletService } from '../../wallet/wallet.service';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

/** Rows fetched per ledger page as the user scrolls the detail list. */
export const BALANCE_LOG_PAGE_SIZE = 20;

/**
 * How often an open balance screen asks the server whether the balance moved without this client: a refund
 * of an expired red packet (the server's sweeper, every 60 s) or money from another device. Nothing tells
 * the client of a refund, so it asks; two small GETs a minute only while the screen is open.
 */
export const BALANCE_POLL_MS = 30_000;

export interface BalanceLogRow {
  readonly id: string;
  readonly typeKey: I18nKey;
  readonly remark: string;
  /** Signed yuan, e.g. "+1.50" or "-10.00" (spec §9: detail amounts divided by 100). */
  readonly amount: string;
  readonly incoming: boolean;
  /** The server's time trimmed to 16 characters (spec §9). */
  readonly time: string;
}

export interface BalanceState {
  readonly status: 'loading' | 'ready' | 'failed';
  /** Yuan with two decimals, without currency sign; undefined until loaded. */
  readonly balance: string | undefined;
  readonly balanceCents: number | undefined;
  readonly rows: readonly BalanceLogRow[];
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
}

function toRow(record: BalanceLogRecord): BalanceLogRow {
  return {
    id: record.id,
    typeKey: balanceLogTypeKey(record.type),
    remark: record.remark,
    amount: formatCentsAsYuan(record.balance, { signed: true }),
    incoming: record.balance > 0,
    time: trimBalanceTime(record.createTime),
  };
}

/**
 * The balance modal (spec §2, §9): the balance in yuan with two decimals and the ledger, newest first,
 * paged as the list scrolls. It reloads whenever this client moves money (sends, claims), and while open
 * it polls the balance so refunds and other devices' moves show too (BALANCE_POLL_MS);
 * 'failed to fetch balance' is the wallet service's toast.
 */
export class BalanceViewModel extends StateViewModel<BalanceState> {
  private pagesLoaded = 0;
  private generation = 0;

  constructor(
    private readonly wallet: WalletService,
    clock: Clock,
  ) {
    super({
      status: 'loading',
      balance: undefined,
      balanceCents: undefined,
      rows: [],
      hasMore: false,
      loadingMore: false,
    });
    this.own(wallet.changed$.subscribe(() => void this.refresh()));
    this.own(interval(BALANCE_POLL_MS, clock.scheduler).subscribe(() => void this.poll()));
  }

  /** Reloads when the server's balance differs from the one shown; quiet when the server is unreachable. */
  async poll(): Promise<Result<boolean, AppError>> {
    if (this.state.status !== 'ready') return ok(false);
    const shown = this.state.balanceCents;
    const current = await this.wallet.peekBalance();
    if (!current.ok) return current;
    if (current.value === shown) return ok(false);
    const refreshed = await this.refresh();
    return refreshed.ok ? ok(true) : refreshed;
  }

  /** Loads the balance and the first page of the ledger (again). */
  async refresh(): Promise<Result<void, AppError>> {
    this.generation += 1;
    const generation = this.generation;
    const [balance, page] = await Promise.all([
      this.wallet.loadBalance(),
      this.wallet.loadLogPage({ current: 1, size: BALANCE_LOG_PAGE_SIZE }),
    ]);
    // A later refresh has started meanwhile; its answer wins.
    if (generation !== this.generation) return ok(undefined);
    if (!balance.ok) {
      this.patch({ status: 'failed' });
      return balance;
    }
    const records = page.ok ? page.value : [];
    this.pagesLoaded = 1;
    this.patch({
      status: 'ready',
      balance: formatCentsAsYuan(balance.value),
      balanceCents: balance.value,
      rows: records.map(toRow),
      hasMore: page.ok && records.length === BALANCE_LOG_PAGE_SIZE,
      loadingMore: false,
    });
    return page.ok ? ok(undefined) : page;
  }

  /** The next ledger page, when the user nears the end of the list. */
  async loadMore(): Promise<Result<void, AppError>> {
    if (!this.state.hasMore || this.state.loadingMore) return err(stateFailure('nothing more to load'));
    const generation = this.generation;
    this.patch({ loadingMore: true });
    const page = await this.wallet.loadLogPage({
      current: this.pagesLoaded + 1,
      size: BALANCE_LOG_PAGE_SIZE,
    });
    if (generation !== this.generation) return ok(undefined);
    if (!page.ok) {
      this.patch({ loadingMore: false });
      return page;
    }
    this.pagesLoaded += 1;
    const known = new Set(this.state.rows.map((row) => row.id));
    this.patch({
      rows: [...this.state.rows, ...page.value.filter((r) => !known.has(r.id)).map(toRow)],
      hasMore: page.value.length === BALANCE_LOG_PAGE_SIZE,
      loadingMore: false,
    });
    return ok(undefined);
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const balanceViewModel = viewModelFactory((s) => new BalanceViewModel(s.wallet, s.clock));
