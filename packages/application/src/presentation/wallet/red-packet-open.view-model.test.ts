import { describe, expect, it } from 'vitest';
import {
  buildRedPacketData,
  ContentType,
  err,
  MessageStatus,
  ok,
  RED_PACKET_EXPIRY_MS,
  RED_PACKET_OPENED_MARK,
  SessionType,
  WALLET_ERROR,
  type Message,
  type RedPacketDetail,
  type Result,
  parseCustomData,
} from '@teamim/domain';
import { FakeClock } from '../../testing';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { RedPacketClaim, RedPacketClaimFailure, WalletService } from '../../wallet/wallet.service';
import { RedPacketOpenViewModel, type RedPacketOpenState } from './red-packet-open.view-model';

// Over a scripted wallet, so that each claim and detail read answers as the test needs.

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

type Claimed = Result<RedPacketClaim, RedPacketClaimFailure>;

/** Answers claims and detail reads as the test scripts them, and records every call. */
class ScriptedWallet {
  readonly claimed: Message[] = [];
  readonly detailsRead: Message[] = [];
  claimAnswers: Array<Claimed | Deferred<Claimed>> = [];
  detail: Result<RedPacketDetail, AppError> = err(stateFailure('no detail scripted'));

  async claimRedPacket(message: Message): Promise<Claimed> {
    this.claimed.push(message);
    const next = this.claimAnswers.shift();
    if (next === undefined) throw new Error('no claim answer scripted');
    return 'promise' in next ? next.promise : next;
  }

  loadRedPacketDetail(message: Message): Promise<Result<RedPacketDetail, AppError>> {
    this.detailsRead.push(message);
    return Promise.resolve(this.detail);
  }

  get asService(): WalletService {
    return this as unknown as WalletService;
  }
}

const clock = new FakeClock();

function packet(overrides: Partial<Message> = {}): Message {
  return {
    clientMsgID: 'packet-1',
    sendID: 'alice',
    recvID: '',
    groupID: 'g1',
    sessionType: SessionType.Group,
    contentType: ContentType.Custom,
    sendTime: clock.now() - 60_000,
    senderNickname: 'Alice Wong',
    senderFaceUrl: '',
    status: MessageStatus.Succeeded,
    isRead: false,
    customElem: {
      data: buildRedPacketData('rp-7', 'Happy new year'),
      description: 'Happy new year',
      extension: '',
      payload: parseCustomData(buildRedPacketData('rp-7', 'Happy new year')),
    },
    ...overrides,
  };
}

const single = (): Message => packet({ groupID: '', recvID: 'me', sessionType: SessionType.Single });

const detail: RedPacketDetail = {
  id: 'rp-7',
  senderID: 'alice',
  isGroup: true,
  total: 1_000,
  num: 4,
  claimedNum: 3,
  claimedAmount: 735,
  refundedAmount: 0,
  status: 'active',
  expirySeconds: undefined,
  records: [
    {
      userID: 'bob',
      nickname: 'Bobby',
      faceURL: 'https://x/b.png',
      amount: 500,
      createTime: '2026-01-15 17:01:09',
    },
    { userID: 'carol', nickname: '', faceURL: '', amount: 225, createTime: '2026-01-15 17:02:30' },
    { userID: 'me', nickname: 'Me Myself', faceURL: '', amount: 10, createTime: '2026-01-15 17:03:59' },
  ],
};

const closedGroup: RedPacketOpenState = {
  status: 'closed',
  greeting: 'Happy new year',
  senderName: 'Alice Wong',
  isGroup: true,
  amount: '',
  failure: undefined,
  claims: undefined,
  progress: undefined,
  sent: undefined,
  lifetime: undefined,
};

const claimRows = [
  {
    userID: 'bob',
    name: 'Bobby',
    faceURL: 'https://x/b.png',
    amount: '5.00',
    time: '2026-01-15 17:01',
    isMe: false,
  },
  { userID: 'carol', name: 'carol', faceURL: '', amount: '2.25', time: '2026-01-15 17:02', isMe: false },
  { userID: 'me', name: 'Me Myself', faceURL: '', amount: '0.10', time: '2026-01-15 17:03', isMe: true },
];

const progress = { state: 'active', claimed: 3, num: 4, claimedAmount: '7.35', total: '10.00' };

function openVM(wallet: ScriptedWallet, message: Message): RedPacketOpenViewModel {
  return new RedPacketOpenViewModel(message, 'me', wallet.asService, clock);
}

const remote = (code: number, message: string): AppError => ({ kind: 'remote', code, message });

describe('RedPacketOpenViewModel: the state before opening', () => {
  it('a closed group packet shows its greeting and sender, and loads no list until opened', async () => {
    const wallet = new ScriptedWallet();
    const vm = openVM(wallet, packet());
    await clock.advance(0);
    expect(vm.state).toEqual(closedGroup);
    expect(wallet.detailsRead).toEqual([]);
  });

  it('a one-to-one packet is not a group packet; a message that is no red packet has no greeting', () => {
    const wallet = new ScriptedWallet();
    expect(openVM(wallet, single()).state).toEqual({ ...closedGroup, isGroup: false });
    const { customElem: _none, ...text } = packet();
    const plain = openVM(wallet, { ...text, contentType: ContentType.Text, textElem: { content: 'hi' } });
    expect(plain.state.greeting).toBe('');
    const other = openVM(
      wallet,
      packet({
        customElem: {
          data: '{"customType":555,"x":1}',
          description: 'd',
          extension: '',
          payload: parseCustomData('{"customType":555,"x":1}'),
        },
      }),
    );
    expect(other.state.greeting).toBe('');
  });

  it('a packet opened here loads the list at once, names falling back to the id; no list, no failure', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = ok(detail);
    const message = packet({ localEx: RED_PACKET_OPENED_MARK });
    const vm = openVM(wallet, message);
    await clock.advance(0);
    expect(wallet.detailsRead).toEqual([message]);
    expect(vm.state).toEqual({ ...closedGroup, status: 'alreadyOpened', claims: claimRows, progress });
    wallet.detail = err(remote(21005, 'red packet not found'));
    const unread = openVM(wallet, message);
    await clock.advance(0);
    expect(unread.state).toEqual({ ...closedGroup, status: 'alreadyOpened' });
  });

  it('an expired packet loads the list too; opening it is refused without asking the wallet', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = ok({ ...detail, status: 'expired' });
    const vm = openVM(wallet, packet({ sendTime: clock.now() - RED_PACKET_EXPIRY_MS }));
    await clock.advance(0);
    expect(vm.state.status).toBe('expired');
    expect(vm.state.progress).toEqual({ ...progress, state: 'expired' });
    expect(await vm.open()).toEqual(err(stateFailure('red packet is expired')));
    expect(wallet.claimed).toEqual([]);
  });

  it('a one-to-one packet has no list; its detail only says how long it stays open', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = ok({ ...detail, isGroup: false, num: 1, expirySeconds: 7_200 });
    const message = single();
    const vm = openVM(wallet, message);
    await vm.loadClaims();
    expect(wallet.detailsRead).toEqual([message]);
    expect(vm.state).toEqual({
      ...closedGroup,
      isGroup: false,
      lifetime: { i18nKey: 'duration.hours', params: { count: 2 } },
    });
  });
});

describe('RedPacketOpenViewModel: the sender', () => {
  const mineSingle = (): Message => packet({ sendID: 'me', groupID: '', recvID: 'bob', sessionType: 1 });
  const oneToOne = { ...detail, senderID: 'me', isGroup: false, total: 520, num: 1, expirySeconds: 86_400 };
  const day = { i18nKey: 'duration.hours', params: { count: 24 } } as const;
  const sentBase = { ...closedGroup, isGroup: false, status: 'sent' as const, lifetime: day };

  it('of a one-to-one packet is never offered to open it, and sees it waiting', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = ok({ ...oneToOne, claimedNum: 0, claimedAmount: 0, records: [] });
    const vm = openVM(wallet, mineSingle());
    expect(vm.state.status).toBe('sent');
    await vm.loadClaims();
    expect(vm.state).toEqual({
      ...sentBase,
      sent: { state: 'waiting', openedBy: '', openedAt: '', amount: '5.20', refund: '' },
    });
    expect(await vm.open()).toEqual(err(stateFailure('red packet is sent')));
    expect(wallet.claimed).toEqual([]);
  });

  it('sees who opened it and when', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = ok({ ...oneToOne, claimedNum: 1, claimedAmount: 520, records: [detail.records[0]!] });
    const vm = openVM(wallet, mineSingle());
    await vm.loadClaims();
    expect(vm.state.sent).toEqual({
      state: 'opened',
      openedBy: 'Bobby',
      openedAt: '2026-01-15 17:01',
      amount: '5.20',
      refund: '',
    });
    expect(vm.state.claims).toBeUndefined();
  });

  it('sees it expired, then refunded once the server swept it', async () => {
    const wallet = new ScriptedWallet();
    const expired = { ...oneToOne, status: 'expired' as const, claimedNum: 0, claimedAmount: 0, records: [] };
    wallet.detail = ok(expired);
    const vm = openVM(wallet, mineSingle());
    await vm.loadClaims();
    const unopened = { openedBy: '', openedAt: '', amount: '5.20' };
    expect(vm.state.sent).toEqual({ ...unopened, state: 'expired', refund: '' });
    wallet.detail = ok({ ...expired, refundedAmount: 520 });
    await vm.loadClaims();
    expect(vm.state.sent).toEqual({ ...unopened, state: 'refunded', refund: '5.20' });
  });

  it('sees why when the server refuses the detail, and the state once it answers', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = err(remote(21005, 'red packet not found'));
    const vm = openVM(wallet, mineSingle());
    await vm.loadClaims();
    expect(vm.state).toEqual({
      ...sentBase,
      lifetime: undefined,
      failure: { kind: 'i18n', i18nKey: 'error.wallet.redPacketNotFound' },
    });
    wallet.detail = ok({ ...oneToOne, records: [] });
    await vm.loadClaims();
    expect(vm.state.failure).toBeUndefined();
    expect(vm.state.sent?.state).toBe('waiting');
  });

  it('of a group packet sees who got how much before opening, and may still open a share', async () => {
    const wallet = new ScriptedWallet();
    wallet.detail = ok({ ...detail, senderID: 'me' });
    const message = packet({ sendID: 'me' });
    const vm = openVM(wallet, message);
    await vm.loadClaims();
    expect(wallet.detailsRead.length).toBeGreaterThan(0);
    expect(vm.state).toEqual({ ...closedGroup, claims: claimRows, progress });
    wallet.claimAnswers = [ok({ message, amountCents: 265, detail: undefined })];
    expect((await vm.open()).ok).toBe(true);
  });
});

describe('RedPacketOpenViewModel: opening', () => {
  it('shows "opening" while the claim runs, then the amount received and the list its answer carried', async () => {
    const wallet = new ScriptedWallet();
    const answer = deferred<Claimed>();
    wallet.claimAnswers = [answer];
    wallet.detail = ok(detail);
    const message = packet();
    const vm = openVM(wallet, message);
    const opening = vm.open();
    expect(vm.state).toEqual({ ...closedGroup, status: 'opening' });
    expect(wallet.detailsRead).toEqual([]);
    answer.resolve(ok({ message, amountCents: 1_234, detail }));
    expect(await opening).toEqual(ok({ message, amountCents: 1_234, detail }));
    expect(wallet.claimed).toEqual([message]);
    // One request: the dialog asks for no detail after the open.
    expect(wallet.detailsRead).toEqual([]);
    expect(vm.state).toEqual({
      ...closedGroup,
      status: 'received',
      amount: '12.34',
      claims: claimRows,
      progress,
    });
  });

  it('an answer that reports neither the share nor the packet leaves the amount and the list empty', async () => {
    const wallet = new ScriptedWallet();
    const message = single();
    wallet.claimAnswers = [ok({ message, amountCents: undefined, detail: undefined })];
    wallet.detail = ok(detail);
    const vm = openVM(wallet, message);
    await vm.open();
    expect(vm.state).toEqual({ ...closedGroup, isGroup: false, status: 'received', amount: '' });
    expect(wallet.detailsRead).toEqual([]);
  });

  it('a known outcome (all claimed, already claimed elsewhere) shows that state, no failure text, and the list the refusal carried', async () => {
    for (const [code, status] of [
      [WALLET_ERROR.redPacketEmpty, 'allClaimed'],
      [WALLET_ERROR.redPacketAlreadyClaimed, 'alreadyOpened'],
    ] as const) {
      const wallet = new ScriptedWallet();
      wallet.claimAnswers = [err({ ...remote(code, 'server words'), detail })];
      wallet.detail = ok(detail);
      const vm = openVM(wallet, packet());
      expect(await vm.open()).toEqual(err({ ...remote(code, 'server words'), detail }));
      expect(vm.state).toEqual({ ...closedGroup, status, claims: claimRows, progress });
      expect(wallet.detailsRead).toEqual([]);
      // Once the outcome is known, opening again is refused before the wallet.
      expect(await vm.open()).toEqual(err(stateFailure(`red packet is ${status}`)));
      expect(wallet.claimed).toHaveLength(1);
    }
  });

  it('an unknown failure shows the server message, loads no list, and may be retried, clearing the message', async () => {
    const wallet = new ScriptedWallet();
    const message = packet();
    const retry = deferred<Claimed>();
    wallet.claimAnswers = [err(remote(99_999, 'try later')), retry];
    wallet.detail = ok(detail);
    const vm = openVM(wallet, message);
    await vm.open();
    expect(vm.state).toEqual({
      ...closedGroup,
      status: 'failed',
      failure: { kind: 'raw', text: 'try later' },
    });
    expect(wallet.detailsRead).toEqual([]);

    const again = vm.open();
    expect(vm.state).toEqual({ ...closedGroup, status: 'opening', failure: undefined });
    retry.resolve(ok({ message, amountCents: 5, detail }));
    await again;
    expect(wallet.claimed).toEqual([message, message]);
    expect(vm.state).toEqual({
      ...closedGroup,
      status: 'received',
      amount: '0.05',
      claims: claimRows,
      progress,
    });
  });

  it('a failure that is not the server\'s (a state refusal) is "failed" with the generic text', async () => {
    const wallet = new ScriptedWallet();
    wallet.claimAnswers = [err(stateFailure('not a red packet'))];
    const vm = openVM(wallet, packet());
    await vm.open();
    expect(vm.state).toEqual({
      ...closedGroup,
      status: 'failed',
      failure: { kind: 'i18n', i18nKey: 'toast.accessFailed' },
    });
    expect(wallet.detailsRead).toEqual([]);
  });
});
