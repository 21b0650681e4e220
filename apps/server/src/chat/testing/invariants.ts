import type Database from 'better-sqlite3';

/**
 * Checks the wallet's invariants on a database and returns every violation found (empty when sound):
 * conservation of money, ledger consistency per user, no negative balance, red-packet integrity.
 */
export function walletViolations(db: Database.Database): string[] {
  const out: string[] = [];
  const one = (sql: string): number => db.prepare<[], { v: number | null }>(sql).get()?.v ?? 0;

  const balances = one('SELECT SUM(balance_cents) AS v FROM wallet_accounts');
  const unclaimed = one(
    "SELECT SUM(s.amount_cents) AS v FROM red_packet_shares s JOIN red_packets p ON p.id = s.packet_id WHERE p.status = 'active' AND s.claimed_by IS NULL AND s.refunded = 0",
  );
  const external = one(
    "SELECT SUM(amount_cents) AS v FROM wallet_ledger WHERE ref_kind IN ('topup', 'system', 'withdraw')",
  );
  if (balances + unclaimed !== external)
    out.push(`conservation: balances ${balances} + unclaimed ${unclaimed} != external ${external}`);

  const negative = one('SELECT COUNT(*) AS v FROM wallet_accounts WHERE balance_cents < 0');
  if (negative) out.push(`${negative} negative balances`);

  const accounts = db
    .prepare<[], { user_id: string; balance_cents: number }>(
      'SELECT user_id, balance_cents FROM wallet_accounts',
    )
    .all();
  const ledger = db.prepare<[string], { amount_cents: number; balance_after: number }>(
    'SELECT amount_cents, balance_after FROM wallet_ledger WHERE user_id = ? ORDER BY id',
  );
  for (const a of accounts) {
    let running = 0;
    for (const row of ledger.all(a.user_id)) {
      running += row.amount_cents;
      if (row.balance_after !== running)
        out.push(`ledger of ${a.user_id}: balance_after ${row.balance_after} != running ${running}`);
    }
    if (running !== a.balance_cents)
      out.push(`ledger of ${a.user_id}: sum ${running} != balance ${a.balance_cents}`);
  }

  const packets = db
    .prepare<
      [],
      {
        id: string;
        total_cents: number;
        num: number;
        status: string;
        claimed_cents: number;
        claimed_num: number;
        refunded_cents: number;
      }
    >('SELECT id, total_cents, num, status, claimed_cents, claimed_num, refunded_cents FROM red_packets')
    .all();
  const shares = db.prepare<[string], { amount_cents: number; claimed_by: string | null; refunded: number }>(
    'SELECT amount_cents, claimed_by, refunded FROM red_packet_shares WHERE packet_id = ?',
  );
  const byRef = db.prepare<[string, string], { v: number | null }>(
    'SELECT SUM(amount_cents) AS v FROM wallet_ledger WHERE ref_kind = ? AND ref_id = ?',
  );
  const countRef = db.prepare<[string, string], { v: number }>(
    'SELECT COUNT(*) AS v FROM wallet_ledger WHERE ref_kind = ? AND ref_id = ?',
  );
  for (const p of packets) {
    const list = shares.all(p.id);
    const sum = list.reduce((s, x) => s + x.amount_cents, 0);
    if (sum !== p.total_cents) out.push(`packet ${p.id}: shares sum ${sum} != total ${p.total_cents}`);
    if (list.length !== p.num) out.push(`packet ${p.id}: ${list.length} shares for num ${p.num}`);
    if (list.some((x) => x.amount_cents < 1)) out.push(`packet ${p.id}: a share below one cent`);
    const claimed = list.filter((x) => x.claimed_by !== null);
    if (claimed.length !== p.claimed_num)
      out.push(`packet ${p.id}: claimed_num ${p.claimed_num} != ${claimed.length}`);
    if (new Set(claimed.map((x) => x.claimed_by)).size !== claimed.length)
      out.push(`packet ${p.id}: double claim`);
    const claimedCents = claimed.reduce((s, x) => s + x.amount_cents, 0);
    if (claimedCents !== p.claimed_cents)
      out.push(`packet ${p.id}: claimed_cents ${p.claimed_cents} != ${claimedCents}`);
    if (p.status !== 'active' && p.claimed_cents + p.refunded_cents !== p.total_cents)
      out.push(`packet ${p.id}: ${p.status} but claimed + refunded != total`);
    const credited = byRef.get('rp_claim', p.id)?.v ?? 0;
    if (credited !== p.claimed_cents)
      out.push(`packet ${p.id}: credited ${credited} != claimed ${p.claimed_cents}`);
    const refunds = countRef.get('rp_refund', p.id)?.v ?? 0;
    if (refunds > 1) out.push(`packet ${p.id}: ${refunds} refunds`);
  }
  return out;
}
