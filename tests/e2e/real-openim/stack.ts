/**
 * The real OpenIM stack `npm run test:openim` starts (scripts/openim/start.sh): open-im-server v3.8.3 and
 * chat v1.8.4 on loopback inside the job's network namespace, where these tests run too. Its addresses, the
 * three users global-setup.ts registers through chat's API, and the calls that seed them.
 */
import { createHash } from 'node:crypto';

export const STACK = {
  api: 'http://127.0.0.1:10002',
  ws: 'ws://127.0.0.1:10001',
  chat: 'http://127.0.0.1:10008',
  chatAdmin: 'http://127.0.0.1:10009',
  /** MinIO, where OpenIM presigns uploads and serves downloads from (minio.yml `externalAddress`). */
  objectStorage: 'http://127.0.0.1:10005',
  /** chat 1.8.4's default configuration hands out this LiveKit address with every room token. */
  liveKit: 'ws://127.0.0.1:7880',
} as const;

/** chat's default super code, accepted as every verification code (config/chat-rpc-chat.yml). */
const SUPER_CODE = '666666';
export const PASSWORD = 'Demo1234';
/** The web platform; the web app's default, and what chat 1.8.4 and OpenIM 3.8.3 both accept. */
const WEB_PLATFORM = 5;

export interface RealUser {
  readonly nickname: 'alice' | 'bob' | 'carol';
  readonly email: string;
  readonly areaCode: string;
  readonly phoneNumber: string;
}

export const USERS: Readonly<Record<RealUser['nickname'], RealUser>> = {
  alice: { nickname: 'alice', email: 'alice@example.com', areaCode: '+86', phoneNumber: '13800000001' },
  bob: { nickname: 'bob', email: 'bob@example.com', areaCode: '+86', phoneNumber: '13800000002' },
  carol: { nickname: 'carol', email: 'carol@example.com', areaCode: '+86', phoneNumber: '13800000003' },
};

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

interface Answer<T> {
  readonly errCode: number;
  readonly errMsg?: string;
  readonly errDlt?: string;
  readonly data?: T;
}

async function post<T>(url: string, body: object, token = ''): Promise<Answer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      operationID: `seed-${Date.now()}-${Math.random()}`,
      token,
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer<T>;
}

async function ok<T>(what: string, answer: Promise<Answer<T>>): Promise<T | undefined> {
  const result = await answer;
  if (result.errCode !== 0)
    throw new Error(`${what}: ${result.errCode} ${result.errMsg ?? ''} ${result.errDlt ?? ''}`);
  return result.data;
}

interface Login {
  readonly userID: string;
  readonly imToken: string;
  readonly chatToken: string;
}

/** Registers `user` with both an e-mail and a phone number (the super code verifies the e-mail). */
async function register(user: RealUser): Promise<{ readonly id: string; readonly existed: boolean }> {
  const body = {
    verifyCode: SUPER_CODE,
    platform: WEB_PLATFORM,
    autoLogin: true,
    user: { ...user, faceURL: '', password: md5(PASSWORD) },
  };
  const registered = await post<Login>(`${STACK.chat}/account/register`, body);
  if (registered.errCode === 0 && registered.data) return { id: registered.data.userID, existed: false };
  // A second run against the same stack: the account is there already.
  const login = await ok(
    `login of ${user.nickname}`,
    post<Login>(`${STACK.chat}/account/login`, {
      email: user.email,
      password: md5(PASSWORD),
      platform: WEB_PLATFORM,
    }),
  );
  if (!login) throw new Error(`login of ${user.nickname} answered no data`);
  return { id: login.userID, existed: true };
}

/**
 * The seed: alice, bob and carol; alice is friends with bob and with carol, bob and carol are not (as the
 * local server's demo seed). Friendships are imported by the administrator, which on OpenIM 3.8.3 sends no
 * friend-application notification (the one the SDK cannot read from this server version).
 */
export async function seedUsers(): Promise<Record<RealUser['nickname'], string>> {
  const alice = await register(USERS.alice);
  const bob = await register(USERS.bob);
  const carol = await register(USERS.carol);
  const ids = { alice: alice.id, bob: bob.id, carol: carol.id };
  // A second run against the same stack finds the friendships made by the first.
  if (alice.existed) return ids;
  const admin = await ok(
    'chat admin login',
    post<{ imToken: string }>(`${STACK.chatAdmin}/account/login`, {
      account: 'chatAdmin',
      password: md5('chatAdmin'),
    }),
  );
  if (!admin) throw new Error('chat admin login answered no data');
  await ok(
    'alice befriends bob and carol',
    post(
      `${STACK.api}/friend/import_friend`,
      { ownerUserID: ids.alice, friendUserIDs: [ids.bob, ids.carol] },
      admin.imToken,
    ),
  );
  return ids;
}
