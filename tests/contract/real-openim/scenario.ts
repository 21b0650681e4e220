import { createHash } from 'node:crypto';
import { call, type Deployment, type PhoneIdentifier } from './deployment';
import { normalise, type Substitutions } from './normalise';
import { imRoutes } from './scenario-im';
import { dataOf, PAGE, WEB, type Exchange, type Recorder, type Sender } from './scenario-steps';

export type { Exchange } from './scenario-steps';

/**
 * The story every recording comes from: two new users, alice and bob, go through every HTTP call the
 * client makes itself (chat's account and user routes, OpenIM's conversation list, message pull and group
 * info), the routes only the local server has (plain 404s on a real deployment), and the refusals the
 * client reads (1004 on an empty conversation list, 20101 for a dropped chat token, 1506 for a kicked IM
 * token, 20001/20002 at login, 1001/1002 for platforms 11 and 10). Calls the client does not make itself
 * (friend request and answer, sending a message, creating a group, a force logout, a password change)
 * are set-up: made,
 * not recorded. Run by the recorder against a real deployment and by the differential test against the
 * local server, so both answer the same requests in the same order.
 */

export interface ScenarioRun {
  readonly exchanges: readonly Exchange[];
  /** The run's volatile values and their names, to normalise answers with. */
  readonly substitutions: Substitutions;
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const PASSWORD = md5('Passw0rd!');
const CHANGED_PASSWORD = md5('Changed-Passw0rd!');
const RESET_PASSWORD = md5('N3w-Passw0rd!');
/** chat's `usedFor`: 1 register, 2 reset password. */
const REGISTER = 1;
const RESET = 2;

interface Session {
  readonly userID: string;
  readonly imToken: string;
  readonly chatToken: string;
}

export async function runScenario(deployment: Deployment): Promise<ScenarioRun> {
  const run = Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, '0');
  // Digits: no key and no error text of either server has any, so naming the tag back cannot touch them.
  const tag = `t${Math.floor(Math.random() * 1e5)
    .toString()
    .padStart(5, '0')}`;
  const phone = { alice: `138${run}11`, bob: `139${run}22`, carol: `137${run}33` };
  const id = (who: keyof typeof phone): PhoneIdentifier => ({ areaCode: '+86', phoneNumber: phone[who] });
  const vars = new Map<string, string>([
    ['alice.phone', phone.alice],
    ['bob.phone', phone.bob],
    ['carol.phone', phone.carol],
    ['tag', tag],
  ]);
  const tokens = new Map<string, string>([['', '']]);
  const exchanges: Exchange[] = [];

  const send: Sender = (api, method, path, token, body) => {
    const value = tokens.get(token);
    if (value === undefined) throw new Error(`no token named ${token}`);
    return call(deployment, api, method, path, value, body);
  };
  const record: Recorder = async (name, description, request) => {
    const method = request.method ?? 'POST';
    const response = await send(request.api, method, request.path, request.token, request.body);
    exchanges.push({ name, description, request: { ...request, method }, response });
    return response;
  };
  const substitutions = (): Substitutions => {
    const named = new Map(vars);
    for (const [name, value] of tokens) if (name !== '') named.set(name, value);
    return named;
  };
  const remember = (who: string, session: Session, suffix = '') => {
    vars.set(`${who}.userID`, session.userID);
    tokens.set(`${who}.im${suffix}`, session.imToken);
    tokens.set(`${who}.chat${suffix}`, session.chatToken);
  };
  const login = async (who: 'alice' | 'bob', password = PASSWORD) =>
    dataOf<Session>(
      await send('chat', 'POST', '/account/login', '', { ...id(who), password, platform: WEB }),
      `login of ${who}`,
    );

  // Accounts.
  await record('chat-code-send', 'a registration code sent to a phone number', {
    api: 'chat',
    path: '/account/code/send',
    token: '',
    body: { ...id('carol'), usedFor: REGISTER, platform: WEB },
  });
  await record('chat-code-verify', 'the code checked before the registration form goes on', {
    api: 'chat',
    path: '/account/code/verify',
    token: '',
    body: { ...id('carol'), usedFor: REGISTER, verifyCode: await deployment.codeFor(id('carol'), REGISTER) },
  });
  const registration = async (who: 'alice' | 'bob') => {
    await send('chat', 'POST', '/account/code/send', '', { ...id(who), usedFor: REGISTER, platform: WEB });
    return {
      verifyCode: await deployment.codeFor(id(who), REGISTER),
      platform: WEB,
      autoLogin: true,
      user: { ...id(who), nickname: `${who}-${tag}`, faceURL: '', password: PASSWORD },
    };
  };
  const registered = await record('chat-register', 'a new account, signed in at once', {
    api: 'chat',
    path: '/account/register',
    token: '',
    body: await registration('alice'),
  });
  remember('alice', dataOf<Session>(registered, 'alice registers'), '.registered');
  dataOf(await send('chat', 'POST', '/account/register', '', await registration('bob')), 'bob registers');
  remember('bob', await login('bob'));
  const aliceLogin = await record('chat-login', 'sign-in by phone number and password', {
    api: 'chat',
    path: '/account/login',
    token: '',
    body: { ...id('alice'), password: PASSWORD, platform: WEB },
  });
  remember('alice', dataOf<Session>(aliceLogin, 'alice logs in'), '.old');
  await record('chat-login-wrong-password', 'sign-in with a wrong password (20001)', {
    api: 'chat',
    path: '/account/login',
    token: '',
    body: { ...id('bob'), password: md5('wrong'), platform: WEB },
  });
  await record('chat-login-unknown-account', 'sign-in of an account nobody registered (20002)', {
    api: 'chat',
    path: '/account/login',
    token: '',
    body: { ...id('carol'), password: PASSWORD, platform: WEB },
  });
  for (const platform of [10, 11]) {
    await record(
      `chat-login-platform-${platform}`,
      `sign-in on platform ${platform}, which users may not use`,
      {
        api: 'chat',
        path: '/account/login',
        token: '',
        body: { ...id('bob'), password: PASSWORD, platform },
      },
    );
  }
  // A fresh sign-in: the platform-10 attempt above may have replaced bob's tokens on some servers.
  remember('bob', await login('bob'));
  remember('alice', await login('alice'));

  await userRoutes(record);
  await imRoutes(record, send, deployment, vars, tokens);

  // A second sign-in on the same platform leaves the first IM token working over HTTP (OpenIM's default
  // multi-login policy kicks only at the gateway, when the newer token connects) ...
  await record(
    'im-token-after-second-sign-in',
    'an OpenIM call with the IM token of an earlier sign-in on the same platform',
    // Group info: what the conversation list would show depends on how far the real server's
    // message transfer got with the group's creation.
    {
      api: 'im',
      path: '/group/get_groups_info',
      token: 'alice.im.old',
      body: { groupIDs: [vars.get('group')] },
    },
  );
  // ... while a kicked one (by the gateway, or an administrator's force logout as here) is refused (1506).
  dataOf(
    await send('im', 'POST', '/auth/force_logout', 'admin.im', {
      userID: vars.get('alice.userID'),
      platformID: WEB,
    }),
    'an administrator logs alice out',
  );
  await record('im-kicked-token', 'an OpenIM call with an IM token the server kicked (1506)', {
    api: 'im',
    path: '/conversation/get_sorted_conversation_list',
    token: 'alice.im',
    body: { userID: vars.get('alice.userID'), conversationIDs: [], pagination: PAGE },
  });
  // A password change drops the user's chat tokens (20101 on the next chat call).
  dataOf(
    await send('chat', 'POST', '/account/password/change', 'alice.chat', {
      userID: vars.get('alice.userID'),
      currentPassword: PASSWORD,
      newPassword: CHANGED_PASSWORD,
    }),
    'alice changes her password',
  );
  await record('chat-dropped-token', 'a chat call with a token the password change dropped (20101)', {
    api: 'chat',
    path: '/user/find/full',
    token: 'alice.chat',
    body: { userIDs: [vars.get('alice.userID')] },
  });
  await send('chat', 'POST', '/account/code/send', '', { ...id('bob'), usedFor: RESET, platform: WEB });
  await record('chat-password-reset', 'a forgotten password replaced with a code', {
    api: 'chat',
    path: '/account/password/reset',
    token: '',
    body: { ...id('bob'), verifyCode: await deployment.codeFor(id('bob'), RESET), password: RESET_PASSWORD },
  });
  // Normalised at the end, when every id and token of the run is known (a registration answers ids
  // the scenario learns only from that answer).
  const subs = substitutions();
  return {
    exchanges: exchanges.map((e) => ({
      ...e,
      request: { ...e.request, body: normalise(e.request.body, subs) },
      response: { ...e.response, body: normalise(e.response.body, subs) },
    })),
    substitutions: subs,
  };

  async function userRoutes(rec: Recorder): Promise<void> {
    const alice = vars.get('alice.userID');
    const bob = vars.get('bob.userID');
    await rec('chat-user-find-full', "both users' business info, as the profile and a card read it", {
      api: 'chat',
      path: '/user/find/full',
      token: 'alice.chat',
      body: { userIDs: [alice, bob] },
    });
    await rec('chat-user-update', 'a profile change', {
      api: 'chat',
      path: '/user/update',
      token: 'alice.chat',
      body: { userID: alice, nickname: `alice-${tag}-x`, faceURL: '', gender: 1 },
    });
    await rec('chat-user-search-fuzzy', "the local server's search, which chat 1.8 does not have (404)", {
      api: 'chat',
      path: '/user/search/fuzzy',
      token: 'alice.chat',
      body: { keyword: 'bob', searchFields: ['nickname'], pagination: PAGE, excludeSelf: true },
    });
    await rec('chat-user-search-public', "chat 1.8's search, by a phone number", {
      api: 'chat',
      path: '/user/search/public',
      token: 'alice.chat',
      body: { keyword: phone.bob, pagination: PAGE },
    });
    await rec('chat-user-rtc-get-token', 'a call room token', {
      api: 'chat',
      path: '/user/rtc/get_token',
      token: 'alice.chat',
      body: { room: `room-${tag}`, identity: alice },
    });
    await rec('chat-wallet-balance', 'the wallet probe after sign-in (404 where there is no wallet)', {
      api: 'chat',
      method: 'GET',
      path: '/app/user/balance/log/balance',
      token: 'alice.chat',
      body: undefined,
    });
    await rec('chat-wallet-send', 'a red packet sent where there is no wallet (404)', {
      api: 'chat',
      path: '/app/redbag/log/send',
      token: 'alice.chat',
      body: {},
    });
    await rec('chat-qrlogin-create', 'the QR sign-in probe (404 where there is none)', {
      api: 'chat',
      path: '/qrlogin/create',
      token: '',
      body: {},
    });
    await rec('chat-unknown-path', 'a path chat has no route for', {
      api: 'chat',
      path: '/no/such/route',
      token: 'alice.chat',
      body: {},
    });
  }
}
