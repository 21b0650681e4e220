import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defer, NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@teamim/domain';
import {
  CODE_RESEND_SECONDS,
  DeferredSessionStart,
  QrConfirmViewModel,
  QrSignInAvailabilityStore,
  QrSignInViewModel,
  SignInService,
  SignInViewModel,
} from '@teamim/application';
import {
  FakeAccountApi,
  FakeQrSignInServer,
  InMemoryLocalStore,
  InMemorySessionStore,
  TestWorld,
} from '@teamim/application/testing';
import { AppServicesContext, type AppServices } from '../services';
import { renderView } from '../testing/render';
import { LoginPage } from './LoginPage';

const ALICE = { userID: 'alice', nickname: 'Alice', password: 'Secret123', email: 'alice@example.com' };

/**
 * The sign-in page as the web root wires it, over the fake account server, at /login. Sign-in by QR
 * code is wired over the fake QR server, where `qr` says the deployment has it (`none`: not wired).
 */
async function openSignIn(
  options: {
    world?: TestWorld;
    localStore?: InMemoryLocalStore;
    qr?: 'available' | 'absent' | 'none';
    /** The page the route guard sent the browser here from. */
    from?: string;
  } = {},
) {
  const world = options.world ?? new TestWorld().accounts(ALICE);
  const api = new FakeAccountApi(world.backend.accounts);
  const localStore = options.localStore ?? new InMemoryLocalStore();
  const sessionStore = new InMemorySessionStore();
  const service = new SignInService(api, new DeferredSessionStart(sessionStore), localStore, world.clock);
  const qrServer = new FakeQrSignInServer(world.clock).addUser({
    userID: 'bob',
    nickname: 'Bob',
    faceURL: '',
  });
  qrServer.available = options.qr !== 'absent';
  const availability = new QrSignInAvailabilityStore(qrServer.waitingPage);
  const services: AppServices = {
    signIn: () => new SignInViewModel(service),
    localStore,
    sessionStore,
    toasts$: NEVER,
    openSession: () => Promise.reject(new Error('not in this test')),
    ...(options.qr === 'none'
      ? {}
      : {
          qrSignIn: () =>
            Promise.resolve({
              // As the web root: whoever shows the feature asks the deployment whether it has it.
              availability$: defer(() => {
                void availability.detect();
                return availability.state$;
              }),
              waitingPage: () =>
                new QrSignInViewModel({
                  api: qrServer.waitingPage,
                  session: new DeferredSessionStart(sessionStore),
                  clock: world.clock,
                  availability,
                  appBaseUrl: 'http://localhost/',
                  deviceName: 'Chrome · Linux',
                }),
              confirm: (code: string | undefined) =>
                new QrConfirmViewModel(code, qrServer.confirmingDevice('bob'), world.clock),
            }),
        }),
  };
  await renderView(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/chat" element={<h1>Chat shell</h1>} />
      <Route path="/link-device" element={<LinkDeviceProbe />} />
    </Routes>,
    {
      route: '/login',
      routeState: options.from === undefined ? undefined : { from: options.from },
      wrap: (children) => (
        <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
      ),
    },
  );
  return { world, api, localStore, sessionStore, qrServer, user: userEvent.setup() };
}

/** Where a sign-in link lands, saying which code it carries. */
function LinkDeviceProbe() {
  return <h1>Confirm {useLocation().hash}</h1>;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const passwordBox = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const button = (name: string) => screen.getByRole('button', { name });

describe('LoginPage', () => {
  it('has one h1, named tabs without hidden focusable helpers, and named controls', async () => {
    await openSignIn();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Welcome to TeamIM',
    ]);
    const tabs = screen.getByRole('tablist', { name: 'Sign in or register' });
    await within(tabs).findByRole('tab', { name: 'QR code' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Sign in', 'Register', 'Forgot password', 'QR code']);
    expect(tabs.querySelectorAll('[aria-hidden="true"][tabindex]')).toHaveLength(0);
    expect(screen.getByRole('tabpanel', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(textbox('E-mail')).toBeTruthy();
    expect(passwordBox('Password')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeTruthy();
  });

  it('§5 shows every message before anything is sent, and focuses the first field to fix', async () => {
    const { user, api } = await openSignIn();
    await user.click(button('Sign in'));

    expect(await screen.findByText('Please enter the e-mail')).toBeTruthy();
    expect(screen.getByText('Please enter the password')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(textbox('E-mail')));
    expect(textbox('E-mail').getAttribute('aria-invalid')).toBe('true');

    await user.type(textbox('E-mail'), 'not-an-address');
    await user.click(button('Sign in'));
    expect(await screen.findByText('Please input correct email')).toBeTruthy();
    expect(api.calls).toBe(0);
  });

  it('§8 a wrong password shows the spec text for 20001 and stays on /login', async () => {
    const { user, sessionStore } = await openSignIn();
    await user.type(textbox('E-mail'), ALICE.email);
    await user.type(passwordBox('Password'), 'Wrong1234');
    await user.click(button('Sign in'));

    expect((await screen.findByRole('alert')).textContent).toBe('Wrong password');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to TeamIM');
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBeUndefined();
  });

  it('§4 a successful sign-in stores the credentials, remembers the e-mail and opens /chat', async () => {
    const { user, sessionStore, localStore, world } = await openSignIn();
    await user.type(textbox('E-mail'), ALICE.email);
    await user.type(passwordBox('Password'), `${ALICE.password}{Enter}`);

    expect(await screen.findByRole('heading', { name: 'Chat shell' })).toBeTruthy();
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe('alice');
    expect(sessionStore.get(STORAGE_KEYS.session.imToken)).toBe(world.backend.user('alice').token);
    expect(localStore.get(STORAGE_KEYS.local.email)).toBe(ALICE.email);
  });

  it('a sign-in link opened signed out leads to its confirm dialog once signed in', async () => {
    const link = '/link-device#code=Ab3_-defGHIjklMNOpqrSTUvwxYZ0123';
    const { user } = await openSignIn({ from: link });
    await user.type(textbox('E-mail'), ALICE.email);
    await user.type(passwordBox('Password'), `${ALICE.password}{Enter}`);

    expect(
      await screen.findByRole('heading', { name: 'Confirm #code=Ab3_-defGHIjklMNOpqrSTUvwxYZ0123' }),
    ).toBeTruthy();
  });

  it('§3 prefills the remembered phone identifier', async () => {
    const local = new InMemoryLocalStore();
    local.set(STORAGE_KEYS.local.loginMethod, 'phone');
    local.set(STORAGE_KEYS.local.areaCode, '+44');
    local.set(STORAGE_KEYS.local.phoneNumber, '7700900123');
    await openSignIn({ localStore: local });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Phone' }).checked).toBe(true);
    expect((textbox('Area code') as HTMLInputElement).value).toBe('+44');
    expect((textbox('Phone number') as HTMLInputElement).value).toBe('7700900123');
  });

  it('code sign-in: the send button counts down from the service constant, then signs in with the code', async () => {
    const { user, world, sessionStore } = await openSignIn();
    await user.click(screen.getByRole('radio', { name: 'Code sign-in' }));
    await user.type(textbox('E-mail'), ALICE.email);
    await user.click(button('Send code'));

    expect((await screen.findByRole('status')).textContent).toBe('Verification code sent');
    const resend = button(`Resend in ${CODE_RESEND_SECONDS} s`);
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(resend);
    await act(() => world.advance(1_000));
    expect(button(`Resend in ${CODE_RESEND_SECONDS - 1} s`)).toBeTruthy();
    await act(() => world.advance((CODE_RESEND_SECONDS - 1) * 1_000));
    expect(button('Send code').getAttribute('aria-disabled')).toBeNull();

    const code = world.backend.accounts.lastCode({ email: ALICE.email }) ?? '';
    await user.type(textbox('Verification code'), `${code}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Chat shell' })).toBeTruthy();
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe('alice');
  });

  it('register: §5 messages, §8 20014 for a taken e-mail, then a new account signs in', async () => {
    const { user, world, sessionStore } = await openSignIn();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    await user.click(button('Register and sign in'));
    expect(await screen.findByText('Please input nickname')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();

    await user.type(textbox('E-mail'), ALICE.email);
    await user.click(button('Send code'));
    expect((await screen.findByRole('alert')).textContent).toBe('The account is already registered');

    await user.clear(textbox('E-mail'));
    await user.type(textbox('E-mail'), 'new@example.com');
    await user.type(textbox('Nickname'), 'Newbie');
    await user.type(passwordBox('Password'), 'abc123');
    await user.type(passwordBox('Confirm password'), 'abc124');
    await user.click(button('Send code'));
    await screen.findByRole('status');
    const code = world.backend.accounts.lastCode({ email: 'new@example.com' }) ?? '';
    await user.type(textbox('Verification code'), code);
    await user.click(button('Register and sign in'));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();

    await user.clear(passwordBox('Confirm password'));
    await user.type(passwordBox('Confirm password'), 'abc123');
    await user.click(button('Register and sign in'));
    expect(await screen.findByRole('heading', { name: 'Chat shell' })).toBeTruthy();
    const userID = sessionStore.get(STORAGE_KEYS.session.userID) ?? '';
    expect(world.backend.user(userID).token).toBe(sessionStore.get(STORAGE_KEYS.session.imToken));
  });

  it('reset: a wrong code shows 20006, the right one resets and returns to sign-in', async () => {
    const { user, world } = await openSignIn();
    await user.click(screen.getByRole('tab', { name: 'Forgot password' }));
    await user.type(textbox('E-mail'), ALICE.email);
    await user.click(button('Send code'));
    await screen.findByRole('status');
    const code = world.backend.accounts.lastCode({ email: ALICE.email }) ?? '';
    await user.type(passwordBox('New password'), 'Fresh456');
    await user.type(passwordBox('Confirm password'), 'Fresh456');
    await user.type(textbox('Verification code'), code === '000000' ? '111111' : '000000');
    await user.click(button('Reset password'));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong verification code');

    await user.clear(textbox('Verification code'));
    await user.type(textbox('Verification code'), code);
    await user.click(button('Reset password'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password was reset. Sign in with the new password.',
    );
    expect(screen.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected')).toBe('true');
    expect((textbox('E-mail') as HTMLInputElement).value).toBe(ALICE.email);
    await user.type(passwordBox('Password'), 'Fresh456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Chat shell' })).toBeTruthy();
  });

  it('the tabs follow the arrow keys, Home and End, with one tab stop', async () => {
    const { user } = await openSignIn();
    const tab = (name: string) => screen.getByRole('tab', { name });
    await screen.findByRole('tab', { name: 'QR code' });
    tab('Sign in').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Register'));
    expect(tab('Register').getAttribute('aria-selected')).toBe('true');
    expect(tab('Sign in').tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('QR code'));
    expect(await screen.findByText('Waiting for a scan. The code renews itself.')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Sign in'));
    await user.keyboard('{ArrowLeft}{Home}');
    expect(tab('Sign in').getAttribute('aria-selected')).toBe('true');
  });

  it('the QR tab shows the link as text, announces who scanned it, and opens the app once confirmed', async () => {
    const { user, qrServer, sessionStore } = await openSignIn();
    await user.click(await screen.findByRole('tab', { name: 'QR code' }));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Waiting for a scan. The code renews itself.'));
    const link = screen.getByText(/^http:\/\/localhost\/link-device#code=/).textContent ?? '';
    const code = link.split('#code=')[1] ?? '';
    const bob = qrServer.confirmingDevice('bob');
    await act(async () => {
      await bob.scan(code);
    });
    await waitFor(() => expect(status.textContent).toBe('Bob scanned the code. Confirm on that device.'));
    await act(async () => {
      await bob.confirm(code);
    });
    expect(await screen.findByRole('heading', { name: 'Chat shell' })).toBeTruthy();
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe('bob');
  });

  it('a declined code says so and offers a new one', async () => {
    const { user, qrServer } = await openSignIn();
    await user.click(await screen.findByRole('tab', { name: 'QR code' }));
    const link = (await screen.findByText(/link-device#code=/)).textContent ?? '';
    const code = link.split('#code=')[1] ?? '';
    const bob = qrServer.confirmingDevice('bob');
    await act(async () => {
      await bob.scan(code);
      await bob.cancel(code);
    });
    expect(await screen.findByText('Sign-in was declined on the other device.')).toBeTruthy();
    await user.click(button('Get a new code'));
    expect(await screen.findByText('Waiting for a scan. The code renews itself.')).toBeTruthy();
    expect(qrServer.created).toHaveLength(2);
  });

  it('has no QR tab where the deployment lacks sign-in by QR code, or the app does not offer it', async () => {
    for (const qr of ['absent', 'none'] as const) {
      const { qrServer } = await openSignIn({ qr });
      await act(async () => {
        await Promise.resolve();
      });
      const tabs = screen.getByRole('tablist', { name: 'Sign in or register' });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Sign in', 'Register', 'Forgot password']);
      expect(qrServer.created).toHaveLength(0);
      cleanup();
    }
  });
});
