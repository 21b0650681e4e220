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
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { WalletService } from '../../wallet/wallet.service';
import { StateViewModel } from '../view-model';

/** Rows fetched per ledger page as the user scrolls the detail list. */
export const BALANCE_LOG_PAGE_SIZE = 20;

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
 * paged as the list scrolls. It reloads whenever this client moves money (sends, claims), so the
 * figure never lags behind the server's ledger; 'failed to fetch balance' is the wallet service's toast.
 */
export class BalanceViewModel extends StateViewModel<BalanceState> {
  private pagesLoaded = 0;
  private generation = 0;

  constructor(private readonly wallet: WalletService) {
    super({
      status: 'loading',
      balance: undefined,
      balanceCents: undefined,
      rows: [],
      hasMore: false,
      loadingMore: false,
    });
    this.own(wallet.changed$.subscribe(() => void this.refresh()));
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
