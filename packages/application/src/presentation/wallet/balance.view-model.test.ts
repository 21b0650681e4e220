import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, ok, type BalanceLogRecord, type Result } from '@teamim/domain';
import { FakeClock } from '../../testing';
import type { BalanceLogPage } from '../../ports/wallet-api.port';
import { stateFailure } from '../../shared/app-error';
import type { RemoteFailure } from '../../shared/remote-error';
import type { WalletService } from '../../wallet/wallet.service';
import {
  BALANCE_LOG_PAGE_SIZE,
  BALANCE_POLL_MS,
  BalanceViewModel,
  type BalanceLogRow,
  type BalanceState,
} from './balance.view-model';

// Over a scripted wallet, so that an answer can arrive late, after a newer one, or fail.

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Answer<T> = Result<T, RemoteFailure> | Deferred<Result<T, RemoteFailure>>;

const failure: RemoteFailure = { kind: 'remote', code: 500, message: 'down' };

/** Serves the ledger and balance it holds, unless the test scripts the next answer. */
class ScriptedWallet {
  readonly changed = new Subject<void>();
  readonly changed$ = this.changed.asObservable();
  readonly calls: string[] = [];
  balanceCents = 1_000;
  ledger: BalanceLogRecord[] = [];
  balanceAnswers: Array<Answer<number>> = [];
  pageAnswers: Array<Answer<readonly BalanceLogRecord[]>> = [];
  peekAnswers: Array<Answer<number>> = [];

  private answer<T>(scripted: Array<Answer<T>>, fallback: T): Promise<Result<T, RemoteFailure>> {
    const next = scripted.shift();
    if (next === undefined) return Promise.resolve(ok(fallback));
    return 'promise' in next ? next.promise : Promise.resolve(next);
  }

  loadBalance(): Promise<Result<number, RemoteFailure>> {
    this.calls.push('balance');
    return this.answer(this.balanceAnswers, this.balanceCents);
  }

  peekBalance(): Promise<Result<number, RemoteFailure>> {
    this.calls.push('peek');
    return this.answer(this.peekAnswers, this.balanceCents);
  }

  loadLogPage(page: BalanceLogPage): Promise<Result<readonly BalanceLogRecord[], RemoteFailure>> {
    this.calls.push(`page ${page.current}/${page.size}`);
    const slice = this.ledger.slice((page.current - 1) * page.size, page.current * page.size);
    return this.answer(this.pageAnswers, slice);
  }
}

function record(n: number, balance = n): BalanceLogRecord {
  return {
    id: `r${n}`,
    type: 3,
    remark: `top-up ${n}`,
    balance,
    createTime: `2026-01-15 10:${String(n % 60).padStart(2, '0')}:59`,
  };
}

function row(n: number, balance = n): BalanceLogRow {
  const sign = balance < 0 ? '-' : '+';
  const abs = Math.abs(balance);
  return {
    id: `r${n}`,
    typeKey: 'wallet.type.topUp',
    remark: `top-up ${n}`,
    amount: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
    incoming: balance > 0,
    time: `2026-01-15 10:${String(n % 60).padStart(2, '0')}`,
  };
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function balanceVM(wallet: ScriptedWallet, clock = new FakeClock()): BalanceViewModel {
  return new BalanceViewModel(wallet as unknown as WalletService, clock);
}

const loading: BalanceState = {
  status: 'loading',
  balance: undefined,
  balanceCents: undefined,
  rows: [],
  hasMore: false,
  loadingMore: false,
};

describe('BalanceViewModel: loading', () => {
  it('starts loading with nothing shown, and asks nothing before refresh', () => {
    const wallet = new ScriptedWallet();
    expect(balanceVM(wallet).state).toEqual(loading);
    expect(wallet.calls).toEqual([]);
  });

  it('money out is not incoming, nor a zero line; the first page of 20 is asked', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = [record(1, -250), record(2, 0), record(3)];
    const vm = balanceVM(wallet);
    expect(await vm.refresh()).toEqual(ok(undefined));
    expect(wallet.calls).toEqual(['balance', `page 1/${BALANCE_LOG_PAGE_SIZE}`]);
    expect(vm.state).toEqual({
      status: 'ready',
      balance: '10.00',
      balanceCents: 1_000,
      rows: [
        { ...row(1), amount: '-2.50', incoming: false },
        { ...row(2), amount: '0.00', incoming: false },
        { ...row(3), amount: '+0.03', incoming: true },
      ],
      hasMore: false,
      loadingMore: false,
    });
  });

  it('a failed ledger page shows the balance with no rows and returns the failure', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = range(1, 25).map((n) => record(n));
    wallet.pageAnswers = [err(failure)];
    const vm = balanceVM(wallet);
    expect(await vm.refresh()).toEqual(err(failure));
    expect(vm.state).toEqual({ ...loading, status: 'ready', balance: '10.00', balanceCents: 1_000 });
  });

  it('a failed balance marks the screen failed and returns the failure', async () => {
    const wallet = new ScriptedWallet();
    wallet.balanceAnswers = [err(failure)];
    const vm = balanceVM(wallet);
    expect(await vm.refresh()).toEqual(err(failure));
    expect(vm.state).toEqual({ ...loading, status: 'failed' });
  });

  it('of two refreshes the later wins, even when the earlier answers last', async () => {
    const wallet = new ScriptedWallet();
    const slowBalance = deferred<Result<number, RemoteFailure>>();
    wallet.balanceAnswers = [slowBalance, ok(700)];
    wallet.ledger = [record(1)];
    const vm = balanceVM(wallet);
    const first = vm.refresh();
    expect(await vm.refresh()).toEqual(ok(undefined));
    slowBalance.resolve(ok(99_900));
    expect(await first).toEqual(ok(undefined));
    expect(vm.state).toEqual({
      ...loading,
      status: 'ready',
      balance: '7.00',
      balanceCents: 700,
      rows: [row(1)],
    });
  });

  it('a send or claim elsewhere in this client reloads', async () => {
    const wallet = new ScriptedWallet();
    const clock = new FakeClock();
    const vm = balanceVM(wallet, clock);
    await vm.refresh();
    wallet.balanceCents = 400;
    wallet.changed.next();
    await clock.advance(0);
    expect(vm.state.balance).toBe('4.00');
  });
});

describe('BalanceViewModel: polling', () => {
  it('asks nothing before the first load has succeeded', async () => {
    const wallet = new ScriptedWallet();
    const vm = balanceVM(wallet);
    expect(await vm.poll()).toEqual(ok(false));
    expect(wallet.calls).toEqual([]);
  });

  it('the same balance leaves the screen alone; a different one reloads it', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = [record(1)];
    const vm = balanceVM(wallet);
    await vm.refresh();
    wallet.calls.length = 0;
    expect(await vm.poll()).toEqual(ok(false));
    expect(wallet.calls).toEqual(['peek']);
    wallet.balanceCents = 1_500;
    wallet.ledger = [record(2, 500), record(1)];
    wallet.calls.length = 0;
    expect(await vm.poll()).toEqual(ok(true));
    expect(wallet.calls).toEqual(['peek', 'balance', `page 1/${BALANCE_LOG_PAGE_SIZE}`]);
    expect(vm.state).toEqual({
      ...loading,
      status: 'ready',
      balance: '15.00',
      balanceCents: 1_500,
      rows: [row(2, 500), row(1)],
    });
  });

  it('an unreachable server is returned quietly; a failed reload after a change is returned', async () => {
    const wallet = new ScriptedWallet();
    const vm = balanceVM(wallet);
    await vm.refresh();
    wallet.peekAnswers = [err(failure)];
    wallet.calls.length = 0;
    expect(await vm.poll()).toEqual(err(failure));
    expect(wallet.calls).toEqual(['peek']);
    wallet.balanceCents = 2_000;
    wallet.balanceAnswers = [err(failure)];
    expect(await vm.poll()).toEqual(err(failure));
    expect(vm.state.status).toBe('failed');
  });

  it('polls every BALANCE_POLL_MS while open', async () => {
    const wallet = new ScriptedWallet();
    const clock = new FakeClock();
    const vm = balanceVM(wallet, clock);
    await vm.refresh();
    wallet.calls.length = 0;
    await clock.advance(BALANCE_POLL_MS - 1);
    expect(wallet.calls).toEqual([]);
    await clock.advance(1);
    expect(wallet.calls).toEqual(['peek']);
    vm.dispose();
    await clock.advance(BALANCE_POLL_MS);
    expect(wallet.calls).toEqual(['peek']);
  });
});

describe('BalanceViewModel: more pages', () => {
  it('the next page is asked with its number; loading meanwhile; rows already shown are not repeated', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = range(1, 45).map((n) => record(n));
    const vm = balanceVM(wallet);
    await vm.refresh();
    expect(vm.state.hasMore).toBe(true);
    // A new line arrived at the top: the second page now starts with the first page's last row.
    wallet.ledger = [record(50), ...range(1, 45).map((n) => record(n))];
    const slow = deferred<Result<readonly BalanceLogRecord[], RemoteFailure>>();
    wallet.pageAnswers = [slow];
    wallet.calls.length = 0;
    const more = vm.loadMore();
    expect(vm.state.loadingMore).toBe(true);
    expect(await vm.loadMore()).toEqual(err(stateFailure('nothing more to load')));
    slow.resolve(ok(range(20, 39).map((n) => record(n))));
    expect(await more).toEqual(ok(undefined));
    expect(wallet.calls).toEqual([`page 2/${BALANCE_LOG_PAGE_SIZE}`]);
    expect(vm.state).toEqual({
      ...loading,
      status: 'ready',
      balance: '10.00',
      balanceCents: 1_000,
      rows: range(1, 39).map((n) => row(n)),
      hasMore: true,
      loadingMore: false,
    });
    wallet.pageAnswers = [ok(range(40, 45).map((n) => record(n)))];
    await vm.loadMore();
    expect(wallet.calls.at(-1)).toBe(`page 3/${BALANCE_LOG_PAGE_SIZE}`);
    expect(vm.state.rows.map((r) => r.id)).toEqual(range(1, 45).map((n) => `r${n}`));
    expect(vm.state.hasMore).toBe(false);
    expect(await vm.loadMore()).toEqual(err(stateFailure('nothing more to load')));
  });

  it('a failed page keeps the rows and lets the user try again', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = range(1, 30).map((n) => record(n));
    const vm = balanceVM(wallet);
    await vm.refresh();
    const before = vm.state;
    wallet.pageAnswers = [err(failure)];
    expect(await vm.loadMore()).toEqual(err(failure));
    expect(vm.state).toEqual(before);
    expect(await vm.loadMore()).toEqual(ok(undefined));
    expect(wallet.calls.filter((c) => c.startsWith('page'))).toEqual([
      `page 1/${BALANCE_LOG_PAGE_SIZE}`,
      `page 2/${BALANCE_LOG_PAGE_SIZE}`,
      `page 2/${BALANCE_LOG_PAGE_SIZE}`,
    ]);
    expect(vm.state.rows).toHaveLength(30);
  });

  it('a page that answers after a refresh started is dropped', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = range(1, 30).map((n) => record(n));
    const vm = balanceVM(wallet);
    await vm.refresh();
    const slow = deferred<Result<readonly BalanceLogRecord[], RemoteFailure>>();
    wallet.pageAnswers = [slow];
    const more = vm.loadMore();
    wallet.ledger = range(101, 125).map((n) => record(n));
    await vm.refresh();
    slow.resolve(ok(range(21, 30).map((n) => record(n))));
    expect(await more).toEqual(ok(undefined));
    expect(vm.state.rows.map((r) => r.id)).toEqual(range(101, 120).map((n) => `r${n}`));
    expect(vm.state.loadingMore).toBe(false);
    expect(vm.state.hasMore).toBe(true);
  });

  it('a failed page that answers after a refresh leaves the refreshed state', async () => {
    const wallet = new ScriptedWallet();
    wallet.ledger = range(1, 30).map((n) => record(n));
    const vm = balanceVM(wallet);
    await vm.refresh();
    const slow = deferred<Result<readonly BalanceLogRecord[], RemoteFailure>>();
    wallet.pageAnswers = [slow];
    const more = vm.loadMore();
    await vm.refresh();
    const refreshed = vm.state;
    slow.resolve(err(failure));
    expect(await more).toEqual(ok(undefined));
    expect(vm.state).toEqual(refreshed);
  });
});
