import { describe, expect, it } from 'vitest';
import {
  ContentType,
  err,
  MessageStatus,
  ok,
  RecvMsgOpt,
  SessionType,
  WALLET_ERROR,
  type Conversation,
  type Message,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { SettingsStore } from '../../settings/settings.store';
import type { RedPacketInput, WalletService } from '../../wallet/wallet.service';
import { RedPacketSendViewModel, type RedPacketSendState } from './red-packet-send.view-model';

// Over a scripted wallet and conversation list, so that a send can be held open or refused in each way.

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

function conversation(conversationID: string, groupID: string, userID: string): Conversation {
  return {
    conversationID,
    conversationType: groupID === '' ? SessionType.Single : SessionType.Group,
    userID,
    groupID,
    showName: conversationID,
    faceURL: '',
    unreadCount: 0,
    latestMsg: '',
    latestMsgSendTime: 0,
    draftTextTime: 0,
    isPinned: false,
    recvMsgOpt: RecvMsgOpt.Normal,
  };
}

const withBob = conversation('si_bob_me', '', 'bob');
const team = conversation('sg_team', 'team', '');
const other = conversation('si_carol_me', '', 'carol');

const sentMessage = {
  clientMsgID: 'sent-1',
  sendID: 'me',
  recvID: 'bob',
  groupID: '',
  sessionType: SessionType.Single,
  contentType: ContentType.Custom,
  sendTime: 5,
  senderNickname: 'me',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: false,
} satisfies Message;

class ScriptedWallet {
  readonly sends: Array<{ conversation: Conversation; input: RedPacketInput }> = [];
  answers: Array<Result<Message, AppError> | Deferred<Result<Message, AppError>>> = [];

  sendRedPacket(conversation: Conversation, input: RedPacketInput): Promise<Result<Message, AppError>> {
    this.sends.push({ conversation, input });
    const next = this.answers.shift();
    if (next === undefined) throw new Error('no answer scripted');
    return 'promise' in next ? next.promise : Promise.resolve(next);
  }
}

function sendVM(
  id: string,
  list: { current?: Conversation; snapshot?: readonly Conversation[] },
  wallet = new ScriptedWallet(),
): { vm: RedPacketSendViewModel; wallet: ScriptedWallet } {
  const conversations = {
    currentConversation: list.current,
    snapshot: list.snapshot ?? [],
  } as unknown as ConversationStore;
  const settings = { snapshot: { locale: 'en-US' } } as unknown as SettingsStore;
  const vm = new RedPacketSendViewModel(id, conversations, wallet as unknown as WalletService, settings);
  return { vm, wallet };
}

const initial: RedPacketSendState = {
  ready: true,
  isGroup: false,
  step: 'form',
  amount: '',
  count: '',
  message: '',
  defaultGreeting: { kind: 'i18n', i18nKey: 'message.redPacketDefaultGreeting' },
  total: '',
  pin: '',
  pinLength: 6,
  errors: {},
  busy: false,
  sent: false,
};

const remote = (code: number, message: string): AppError => ({ kind: 'remote', code, message });

describe('RedPacketSendViewModel: which conversation', () => {
  it('the open conversation, a listed one, or none: ready and group as the conversation says', () => {
    expect(sendVM('si_bob_me', { current: withBob }).vm.state).toEqual(initial);
    expect(sendVM('sg_team', { current: withBob, snapshot: [other, team] }).vm.state).toEqual({
      ...initial,
      isGroup: true,
    });
    expect(sendVM('sg_team', { current: team, snapshot: [withBob] }).vm.state).toEqual({
      ...initial,
      isGroup: true,
    });
    expect(sendVM('si_bob_me', { snapshot: [other, withBob] }).vm.state).toEqual(initial);
    expect(sendVM('sg_gone', { current: team, snapshot: [withBob, other] }).vm.state).toEqual({
      ...initial,
      ready: false,
    });
    expect(sendVM('sg_gone', {}).vm.state).toEqual({ ...initial, ready: false });
  });

  it('sends to the conversation asked for, not the open one', async () => {
    const { vm, wallet } = sendVM('si_bob_me', { current: team, snapshot: [other, withBob] });
    wallet.answers = [ok(sentMessage)];
    vm.setAmount('1');
    vm.next();
    await vm.setPin('123456');
    expect(wallet.sends.map((s) => s.conversation)).toEqual([withBob]);
  });

  it('a conversation no longer loaded is refused before the wallet', async () => {
    const { vm, wallet } = sendVM('sg_gone', { current: withBob, snapshot: [other] });
    vm.setAmount('1');
    expect(await vm.send()).toEqual(err(stateFailure('conversation not loaded')));
    expect(wallet.sends).toEqual([]);
    expect(vm.state.busy).toBe(false);
  });
});

describe('RedPacketSendViewModel: the form', () => {
  it('the total follows a valid amount only; editing a field clears only its own message', () => {
    const { vm } = sendVM('sg_team', { current: team });
    vm.setAmount('12.5');
    expect(vm.state.total).toBe('12.50');
    vm.setAmount('abc');
    expect(vm.state.total).toBe('');
    expect(vm.next().ok).toBe(false);
    expect(vm.state.errors).toEqual({
      amount: { kind: 'i18n', i18nKey: 'validation.redPacket.amountInvalid' },
    });
    vm.setCount('3');
    expect(vm.state.errors).toEqual({
      amount: { kind: 'i18n', i18nKey: 'validation.redPacket.amountInvalid' },
    });
    vm.setAmount('3');
    expect(vm.state.errors).toEqual({});
    vm.setCount('');
    vm.next();
    expect(vm.state.errors).toEqual({
      count: { kind: 'i18n', i18nKey: 'validation.redPacket.countRequired' },
    });
    vm.setAmount('4');
    expect(vm.state.errors).toEqual({
      count: { kind: 'i18n', i18nKey: 'validation.redPacket.countRequired' },
    });
    vm.setCount('1a2');
    expect(vm.state).toEqual({ ...initial, isGroup: true, amount: '4', total: '4.00', count: '12' });
  });

  it('a per-packet minimum error goes when either the amount or the number of packets is corrected', () => {
    const tooSmall = { amount: { kind: 'i18n', i18nKey: 'validation.redPacket.amountTooSmall' } };
    const { vm } = sendVM('sg_team', { current: team });
    vm.setAmount('0.01');
    vm.setCount('5');
    expect(vm.next().ok).toBe(false);
    expect(vm.state.errors).toEqual(tooSmall);
    // Fewer packets make the same total valid: the message about the total no longer applies.
    vm.setCount('1');
    expect(vm.state.errors).toEqual({});
    expect(vm.next().ok).toBe(true);
    vm.back();
    vm.setCount('5');
    expect(vm.next().ok).toBe(false);
    vm.setAmount('0.05');
    expect(vm.state.errors).toEqual({});
    // A count error of its own stays while only the amount changes.
    vm.setCount('');
    vm.next();
    vm.setAmount('1');
    expect(vm.state.errors).toEqual({
      count: { kind: 'i18n', i18nKey: 'validation.redPacket.countRequired' },
    });
  });

  it('next moves to an empty pay password; back returns to the form, dropping the digits typed', async () => {
    const { vm, wallet } = sendVM('si_bob_me', { current: withBob });
    vm.setAmount('2');
    vm.setMessage('for lunch');
    expect(vm.next()).toEqual(ok(undefined));
    const atPin = { ...initial, amount: '2', total: '2.00', message: 'for lunch', step: 'pin' as const };
    expect(vm.state).toEqual(atPin);
    expect(await vm.setPin('12a3')).toBeUndefined();
    expect(vm.state).toEqual({ ...atPin, pin: '123' });
    expect(wallet.sends).toEqual([]);
    vm.back();
    expect(vm.state).toEqual({ ...atPin, step: 'form' });
    vm.next();
    expect(vm.state).toEqual(atPin);
  });
});

describe('RedPacketSendViewModel: sending', () => {
  it('the sixth digit sends amount, count, greeting and pin; busy meanwhile, then sent', async () => {
    const { vm, wallet } = sendVM('sg_team', { current: team });
    const answer = deferred<Result<Message, AppError>>();
    wallet.answers = [answer];
    vm.setAmount('0.30');
    vm.setCount('3');
    vm.setMessage('lucky');
    vm.next();
    const sending = vm.setPin('654321');
    const pinned = { ...initial, isGroup: true, amount: '0.30', total: '0.30', count: '3', message: 'lucky' };
    expect(vm.state).toEqual({ ...pinned, step: 'pin', pin: '654321', busy: true });
    // Typing or sending again while the first send runs does nothing.
    expect(await vm.setPin('111111')).toBeUndefined();
    expect(await vm.send()).toEqual(err(stateFailure('busy')));
    expect(wallet.sends).toEqual([
      { conversation: team, input: { amount: '0.30', count: '3', message: 'lucky', pin: '654321' } },
    ]);
    answer.resolve(ok(sentMessage));
    expect(await sending).toEqual(ok(sentMessage));
    expect(vm.state).toEqual({ ...pinned, step: 'pin', pin: '654321', sent: true });
    // Once sent, nothing sends again.
    expect(await vm.setPin('222222')).toBeUndefined();
    expect(await vm.send()).toEqual(err(stateFailure('busy')));
    expect(wallet.sends).toHaveLength(1);
    expect(vm.state.pin).toBe('654321');
  });

  it('a one-to-one packet sends no count', async () => {
    const { vm, wallet } = sendVM('si_bob_me', { current: withBob });
    wallet.answers = [ok(sentMessage)];
    vm.setAmount('1');
    vm.setCount('5');
    vm.next();
    await vm.setPin('123456');
    expect(wallet.sends.map((s) => s.input)).toEqual([{ amount: '1', message: '', pin: '123456' }]);
  });

  it('a wrong pay password stays on the pin step with its message, cleared by the next digit; sending again works', async () => {
    const { vm, wallet } = sendVM('si_bob_me', { current: withBob });
    const wrong = remote(WALLET_ERROR.payPasswordWrong, 'wrong pay password, 4 attempt(s) left');
    wallet.answers = [err(wrong), ok(sentMessage)];
    vm.setAmount('1');
    vm.next();
    const atPin = { ...initial, amount: '1', total: '1.00', step: 'pin' as const };
    expect(await vm.setPin('000000')).toEqual(err(wrong));
    expect(vm.state).toEqual({
      ...atPin,
      errors: {
        pin: {
          kind: 'i18n',
          i18nKey: 'error.wallet.payPasswordWrongAttempts',
          params: { attemptsLeft: 4 },
        },
      },
    });
    await vm.setPin('1');
    expect(vm.state).toEqual({ ...atPin, pin: '1' });
    expect((await vm.setPin('123456'))?.ok).toBe(true);
    expect(vm.state).toEqual({ ...atPin, pin: '123456', sent: true });
  });

  it('insufficient balance goes back to the amount with its text', async () => {
    const { vm, wallet } = sendVM('si_bob_me', { current: withBob });
    wallet.answers = [err(remote(WALLET_ERROR.insufficientBalance, 'insufficient balance'))];
    vm.setAmount('1000');
    vm.next();
    await vm.setPin('123456');
    expect(vm.state).toEqual({
      ...initial,
      amount: '1000',
      total: '1000.00',
      errors: { amount: { kind: 'i18n', i18nKey: 'error.wallet.insufficientBalance' } },
    });
  });

  it("a failure that is not the server's stays on the pin step with the generic text", async () => {
    const { vm, wallet } = sendVM('si_bob_me', { current: withBob });
    wallet.answers = [err(stateFailure('something'))];
    vm.setAmount('1');
    vm.next();
    await vm.setPin('123456');
    expect(vm.state).toEqual({
      ...initial,
      amount: '1',
      total: '1.00',
      step: 'pin',
      errors: { pin: { kind: 'i18n', i18nKey: 'toast.accessFailed' } },
    });
  });
});
