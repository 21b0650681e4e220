import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { ChatApi, type BusinessInfoChanges, type UserDetails } from '../ports/chat-api.port';
import {
  FileProcessor,
  FileUploader,
  type ImageResizeOptions,
  type PickedFile,
} from '../ports/file-processor.port';
import { IdGenerator } from '../ports/id-generator.port';
import { LocalStore, SessionStore } from '../ports/key-value-store.port';
import { Logger } from '../ports/logger.port';
import { Notifier, type Toast } from '../ports/notifier.port';
import { RtcRoom } from '../ports/rtc-room.port';
import { PasswordHasher, WalletApi, type BalanceLogPage } from '../ports/wallet-api.port';
import type {
  BalanceLogRecord,
  CallAccessData,
  RedPacketDetail,
  RedPacketSendPayload,
  RoomConnectionState,
  SearchedUser,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { ImErrorCode } from './fake-backend';
import { WalletErrorCode, type FakeRtcServer, type FakeWalletServer, type RoomPeer } from './fake-servers';
import type { FakeImDevice } from './fake-im-device';

export class InMemoryLocalStore extends LocalStore {
  readonly data = new Map<string, string>();
  get(key: string): string | undefined {
    return this.data.get(key);
  }
  set(key: string, value: string): void {
    this.data.set(key, value);
  }
  remove(key: string): void {
    this.data.delete(key);
  }
  clear(): void {
    this.data.clear();
  }
}

export class InMemorySessionStore extends SessionStore {
  readonly data = new Map<string, string>();
  get(key: string): string | undefined {
    return this.data.get(key);
  }
  set(key: string, value: string): void {
    this.data.set(key, value);
  }
  remove(key: string): void {
    this.data.delete(key);
  }
  clear(): void {
    this.data.clear();
  }
}

export class SequentialIdGenerator extends IdGenerator {
  private n = 0;
  constructor(private readonly prefix = 'id') {
    super();
  }
  next(): string {
    this.n += 1;
    return `${this.prefix}-${this.n}`;
  }
}

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly context?: Readonly<Record<string, unknown>>;
}

export class RecordingLogger extends Logger {
  readonly entries: LogEntry[] = [];
  private record(
    level: LogEntry['level'],
    message: string,
    context?: Readonly<Record<string, unknown>>,
  ): void {
    this.entries.push(context === undefined ? { level, message } : { level, message, context });
  }
  debug(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('debug', message, context);
  }
  info(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('info', message, context);
  }
  warn(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('warn', message, context);
  }
  error(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.record('error', message, context);
  }
}

export class RecordingNotifier extends Notifier {
  readonly toasts: Toast[] = [];
  notify(toast: Toast): void {
    this.toasts.push(toast);
  }
  keys(): string[] {
    return this.toasts.map((t) => t.key);
  }
}

/** Chat API over the fake backend (business user info, fuzzy search, room access). */
export class FakeChatApi extends ChatApi {
  constructor(private readonly device: FakeImDevice) {
    super();
  }

  async updateUser(userID: string, changes: BusinessInfoChanges): Promise<void> {
    await Promise.resolve();
    const me = this.device.me();
    if (userID !== me) {
      throw new RemoteError(ImErrorCode.NoPermission, 'can only update yourself');
    }
    const user = this.device.backend.user(me);
    user.info = { ...user.info, ...changes };
  }

  async findUsers(userIDs: readonly string[]): Promise<readonly UserDetails[]> {
    await Promise.resolve();
    this.device.me();
    return userIDs.flatMap((id) => {
      const info = this.device.backend.users.get(id)?.info;
      return info === undefined ? [] : [info];
    });
  }

  async searchUsers(keyword: string): Promise<readonly SearchedUser[]> {
    await Promise.resolve();
    const me = this.device.me();
    const needle = keyword.toLowerCase();
    return [...this.device.backend.users.values()]
      .map((u) => u.info)
      .filter((u) => u.userID !== me)
      .filter(
        (u) => u.nickname.toLowerCase().includes(needle) || u.phoneNumber === keyword || u.userID === keyword,
      )
      .slice(0, 20)
      .map((u) => ({
        userID: u.userID,
        nickname: u.nickname,
        faceURL: u.faceURL,
        gender: u.gender,
        allowAddFriend: u.allowAddFriend,
      }));
  }

  async getRoomAccess(roomID: string, userID: string): Promise<CallAccessData> {
    await Promise.resolve();
    if (userID !== this.device.me()) {
      throw new RemoteError(ImErrorCode.NoPermission, 'identity mismatch');
    }
    return { serverUrl: this.device.backend.rtc.serverUrl, token: `${roomID}|${userID}` };
  }
}

export class FakeRtcRoom extends RtcRoom implements RoomPeer {
  private readonly state = new BehaviorSubject<RoomConnectionState>('disconnected');
  private readonly left = new Subject<string>();
  readonly state$: Observable<RoomConnectionState> = this.state.asObservable();
  readonly participantLeft$: Observable<string> = this.left.asObservable();
  microphone = true;
  camera = false;
  roomID: string | undefined;
  userID: string | undefined;

  constructor(private readonly server: FakeRtcServer) {
    super();
  }

  async connect(serverUrl: string, token: string, options: { readonly video: boolean }): Promise<void> {
    await Promise.resolve();
    if (serverUrl === '') {
      throw new RemoteError(-1, 'no livekit url provided');
    }
    const [roomID, userID] = token.split('|');
    if (roomID === undefined || userID === undefined || serverUrl !== this.server.serverUrl) {
      throw new RemoteError(401, 'invalid room token');
    }
    this.state.next('connecting');
    this.roomID = roomID;
    this.userID = userID;
    this.camera = options.video;
    const peers = this.server.rooms.get(roomID) ?? new Set<RoomPeer>();
    peers.add(this);
    this.server.rooms.set(roomID, peers);
    this.state.next('connected');
  }

  /**
   * Called by the media server when another participant leaves. A one-to-one call is over then, so the
   * room disconnects itself, as the LiveKit adapter does (spec §4: the local side disconnects).
   */
  peerLeft(userID: string): void {
    this.left.next(userID);
    const roomID = this.roomID;
    if (roomID !== undefined && (this.server.rooms.get(roomID)?.size ?? 0) <= 1) {
      void this.disconnect();
    }
  }

  async disconnect(): Promise<void> {
    await Promise.resolve();
    const roomID = this.roomID;
    if (roomID === undefined) {
      return;
    }
    const peers = this.server.rooms.get(roomID);
    peers?.delete(this);
    for (const peer of peers ?? []) {
      peer.peerLeft(this.userID ?? '');
    }
    this.roomID = undefined;
    this.state.next('disconnected');
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    this.microphone = enabled;
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    this.camera = enabled;
  }
}

export class FakeWalletApi extends WalletApi {
  constructor(private readonly device: FakeImDevice) {
    super();
  }

  /** The server; its sweeper has refunded whatever expired by the time any call arrives. */
  private get w(): FakeWalletServer {
    const wallet = this.device.backend.wallet;
    wallet.sweepExpired();
    return wallet;
  }

  async getBalance(): Promise<number> {
    await Promise.resolve();
    return this.w.balances.get(this.device.me()) ?? 0;
  }

  async getBalanceLog(page?: BalanceLogPage): Promise<readonly BalanceLogRecord[]> {
    await Promise.resolve();
    // A snapshot, as an HTTP answer is: later sends do not grow a list the caller already holds.
    const all = [...(this.w.logs.get(this.device.me()) ?? [])];
    if (page === undefined) return all;
    // The log is kept newest first, as the server pages it.
    return all.slice((page.current - 1) * page.size, page.current * page.size);
  }

  async setPayPassword(oldPayPassword: string, payPassword: string): Promise<void> {
    await Promise.resolve();
    const me = this.device.me();
    if (!/^[0-9a-f]{32}$/.test(payPassword)) {
      throw new RemoteError(WalletErrorCode.InvalidArgs, 'pay password must be an md5 hex string');
    }
    const current = this.w.payPasswords.get(me);
    if (current !== undefined && current !== oldPayPassword) {
      throw new RemoteError(WalletErrorCode.PayPasswordWrong, 'old pay password is wrong');
    }
    this.w.payPasswords.set(me, payPassword);
    const user = this.device.backend.user(me);
    user.info = { ...user.info, hasPayPassword: true };
  }

  async sendRedPacket(payload: RedPacketSendPayload): Promise<string> {
    await Promise.resolve();
    const me = this.device.me();
    const b = this.device.backend;
    const stored = this.w.payPasswords.get(me);
    if (stored === undefined) {
      throw new RemoteError(WalletErrorCode.PayPasswordNotSet, 'pay password not set');
    }
    if (stored !== payload.payPassword) {
      throw new RemoteError(WalletErrorCode.PayPasswordWrong, 'pay password wrong');
    }
    const isGroup = b.groups.get(payload.receiveUserId)?.members.has(me) ?? false;
    const num = isGroup ? payload.num : 1;
    if (
      !Number.isSafeInteger(payload.amount) ||
      !Number.isSafeInteger(num) ||
      num < 1 ||
      payload.amount < num
    ) {
      throw new RemoteError(WalletErrorCode.InvalidAmount, 'invalid amount or number');
    }
    if (!isGroup) {
      b.user(payload.receiveUserId);
    }
    if ((this.w.balances.get(me) ?? 0) < payload.amount) {
      throw new RemoteError(WalletErrorCode.InsufficientBalance, 'insufficient balance');
    }
    this.w.credit(me, -payload.amount, 1, 'red packet sent');
    // Fixed split keeps tests deterministic; the real server splits randomly.
    const base = Math.floor(payload.amount / num);
    const shares = Array.from({ length: num }, (_, i) => base + (i < payload.amount - base * num ? 1 : 0));
    const id = this.w.nextPacketID();
    this.w.redPackets.set(id, {
      id,
      senderID: me,
      targetUserID: isGroup ? '' : payload.receiveUserId,
      targetGroupID: isGroup ? payload.receiveUserId : '',
      shares,
      claimedBy: new Set(),
      total: payload.amount,
      num,
      createdAt: this.device.backend.clock.now(),
      claims: [],
      refunded: 0,
      expired: false,
    });
    return id;
  }

  async openRedPacket(id: string): Promise<number | undefined> {
    await Promise.resolve();
    const me = this.device.me();
    const packet = this.w.redPackets.get(id);
    if (packet === undefined) {
      throw new RemoteError(WalletErrorCode.RedPacketNotFound, 'red packet not found');
    }
    const eligible =
      packet.targetGroupID !== ''
        ? (this.device.backend.groups.get(packet.targetGroupID)?.members.has(me) ?? false)
        : packet.targetUserID === me;
    if (!eligible) {
      throw new RemoteError(WalletErrorCode.NotEligible, 'not eligible');
    }
    if (packet.claimedBy.has(me)) {
      throw new RemoteError(WalletErrorCode.AlreadyClaimed, 'already claimed');
    }
    if (packet.expired) {
      throw new RemoteError(WalletErrorCode.Expired, 'this red packet has expired');
    }
    const share = packet.shares.shift();
    if (share === undefined) {
      throw new RemoteError(WalletErrorCode.NoSharesLeft, 'no shares left');
    }
    packet.claimedBy.add(me);
    packet.claims.push({ userID: me, amount: share, at: this.device.backend.clock.now() });
    this.w.credit(me, share, 1, 'red packet received');
    return share;
  }

  async getRedPacketDetail(id: string): Promise<RedPacketDetail> {
    await Promise.resolve();
    const me = this.device.me();
    const b = this.device.backend;
    const packet = this.w.redPackets.get(id);
    if (packet === undefined)
      throw new RemoteError(WalletErrorCode.RedPacketNotFound, 'red packet not found');
    const member =
      packet.senderID === me ||
      (packet.targetGroupID !== ''
        ? (b.groups.get(packet.targetGroupID)?.members.has(me) ?? false)
        : packet.targetUserID === me);
    if (!member) throw new RemoteError(WalletErrorCode.NotEligible, 'not a member of its conversation');
    return this.w.detail(packet, (userID) => b.users.get(userID)?.info.nickname ?? '');
  }
}

/** Stand-in for MD5: deterministic 32-hex digest, good enough to tell passwords apart in tests. */
export class FakePasswordHasher extends PasswordHasher {
  md5(text: string): string {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < text.length; i += 1) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619) >>> 0;
      h2 = Math.imul(h2 + text.charCodeAt(i), 2246822519) >>> 0;
    }
    const hex = (n: number): string => n.toString(16).padStart(8, '0');
    return `${hex(h1)}${hex(h2)}${hex((h1 ^ h2) >>> 0)}${hex((h1 + h2) >>> 0)}`;
  }
}

/** Records resize requests; the result keeps the name and switches the type to webp. */
export class FakeFileProcessor extends FileProcessor {
  readonly requests: { file: PickedFile; options: ImageResizeOptions }[] = [];
  async resizeImage(file: PickedFile, options: ImageResizeOptions): Promise<PickedFile> {
    await Promise.resolve();
    this.requests.push({ file, options });
    if (!file.mimeType.startsWith('image/')) {
      throw new RemoteError(-1, 'not an image');
    }
    return {
      name: file.name.replace(/\.[^.]+$/, '.webp'),
      mimeType: 'image/webp',
      size: Math.min(file.size, 50_000),
      handle: file.handle,
    };
  }
}

export class FakeFileUploader extends FileUploader {
  failWith: number | undefined;
  readonly uploaded: PickedFile[] = [];
  /** What each returned URL serves. */
  readonly files = new Map<string, PickedFile>();
  /** Stored fractions reported before the last one (1), each after a turn of the event loop. */
  progressSteps: readonly number[] = [0.5];
  async upload(file: PickedFile, onProgress?: (fraction: number) => void): Promise<string> {
    await Promise.resolve();
    if (this.failWith !== undefined) {
      throw new RemoteError(this.failWith, 'upload failed');
    }
    for (const step of this.progressSteps) {
      onProgress?.(step);
      await Promise.resolve();
    }
    onProgress?.(1);
    this.uploaded.push(file);
    const url = `https://files.fake/${this.uploaded.length}/${encodeURIComponent(file.name)}`;
    this.files.set(url, file);
    return url;
  }
}
