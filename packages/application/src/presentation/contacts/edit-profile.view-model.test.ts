import { describe, expect, it } from 'vitest';
import {
  BusinessAllowType,
  err,
  Gender,
  ok,
  validationError,
  type Result,
  type SelfInfo,
} from '@teamim/domain';
import type { PickedFile } from '../../ports/file-processor.port';
import type { ProfileForm, ProfileService } from '../../profile/profile.service';
import type { AppError } from '../../shared/app-error';
import type { CurrentUser } from '../../session/current-user';
import { FakeClock } from '../../testing';
import { EditProfileViewModel, type EditProfileState } from './edit-profile.view-model';
import { birthFromInput } from './profile-form';

// Over a scripted profile service, so that a save or an upload can be held open or refused at will.

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

type Answer = Result<SelfInfo, AppError>;

class ScriptedProfile {
  readonly saves: { userID: string; form: ProfileForm }[] = [];
  readonly avatars: PickedFile[] = [];
  answers: Array<Answer | Deferred<Answer>> = [];

  private next(): Promise<Answer> {
    const next = this.answers.shift();
    if (next === undefined) throw new Error('no answer scripted');
    return 'promise' in next ? next.promise : Promise.resolve(next);
  }

  updateProfile(userID: string, form: ProfileForm): Promise<Answer> {
    this.saves.push({ userID, form });
    return this.next();
  }

  updateAvatar(file: PickedFile): Promise<Answer> {
    this.avatars.push(file);
    return this.next();
  }
}

const ALICE: SelfInfo = {
  userID: 'alice',
  nickname: 'Alice',
  faceURL: 'https://img/alice.png',
  email: 'alice@example.com',
  gender: Gender.Female,
  birth: new Date(1990, 6, 4).getTime(),
  phoneNumber: '13800000000',
  allowAddFriend: BusinessAllowType.Allow,
};

const NOW = new Date(2026, 10, 24, 15, 30).getTime();

function form(self: SelfInfo | undefined) {
  const profile = new ScriptedProfile();
  const clock = new FakeClock(NOW);
  const vm = new EditProfileViewModel(
    { selfInfo: self } as unknown as CurrentUser,
    profile as unknown as ProfileService,
    clock,
  );
  return { vm, profile };
}

const PNG: PickedFile = { name: 'me.png', mimeType: 'image/png', size: 9, handle: null };

const filled: EditProfileState = {
  nickname: 'Alice',
  nicknameMax: 20,
  email: 'alice@example.com',
  gender: Gender.Female,
  birth: '1990-07-04',
  birthMax: '2026-11-24',
  phoneNumber: '13800000000',
  errors: {},
  busy: false,
  ready: true,
  faceURL: 'https://img/alice.png',
  avatarBusy: false,
};

describe('EditProfileViewModel: the form, saving and field messages', () => {
  it('starts from the self info, every field filled, birth capped at today', () => {
    expect(form(ALICE).vm.state).toStrictEqual(filled);
  });

  it('without the self info it is an empty form that is not ready, and save sends nothing', async () => {
    const { vm, profile } = form(undefined);
    expect(vm.state).toStrictEqual({
      ...filled,
      nickname: '',
      email: '',
      gender: Gender.Unknown,
      birth: '',
      phoneNumber: '',
      ready: false,
      faceURL: '',
    });
    expect(await vm.save()).toStrictEqual({
      ok: false,
      error: { kind: 'state', reason: 'self info not loaded' },
    });
    expect(profile.saves).toStrictEqual([]);
  });

  it('save sends the edited fields for the own user id and waits meanwhile; one save at a time', async () => {
    const { vm, profile } = form(ALICE);
    vm.setNickname('Alicia');
    vm.setEmail('alicia@example.com');
    vm.setGender(Gender.Man);
    vm.setBirth('1991-08-05');
    expect(vm.state.gender).toBe(Gender.Man);
    const answer = deferred<Answer>();
    profile.answers = [answer];

    const saving = vm.save();
    expect(vm.state.busy).toBe(true);
    expect(await vm.save()).toStrictEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    const updated = { ...ALICE, nickname: 'Alicia' };
    answer.resolve(ok(updated));
    expect(await saving).toStrictEqual({ ok: true, value: updated });

    expect(profile.saves).toStrictEqual([
      {
        userID: 'alice',
        form: {
          nickname: 'Alicia',
          email: 'alicia@example.com',
          gender: Gender.Man,
          birth: birthFromInput('1991-08-05'),
        },
      },
    ]);
    expect(vm.state).toStrictEqual({
      ...filled,
      nickname: 'Alicia',
      email: 'alicia@example.com',
      gender: Gender.Man,
      birth: '1991-08-05',
    });
  });

  it('a refused field shows under that field; saving again clears the old messages first', async () => {
    const { vm, profile } = form(ALICE);
    profile.answers = [err(validationError('email', 'validation.email.invalid'))];
    await vm.save();
    expect(vm.state.errors).toStrictEqual({ email: { kind: 'i18n', i18nKey: 'validation.email.invalid' } });
    expect(vm.state.busy).toBe(false);

    const answer = deferred<Answer>();
    profile.answers = [answer];
    const saving = vm.save();
    expect(vm.state.errors).toStrictEqual({});
    answer.resolve(ok(ALICE));
    await saving;
    expect(vm.state.errors).toStrictEqual({});
  });

  it('a refusal that is not a field rule shows on the form as a whole', async () => {
    const { vm, profile } = form(ALICE);
    profile.answers = [err({ kind: 'remote', code: 20001, message: 'password error' })];
    await vm.save();
    expect(vm.state.errors).toStrictEqual({ form: { kind: 'i18n', i18nKey: 'error.wrongPassword' } });
  });

  it("editing a field clears only that field's message", async () => {
    const { vm, profile } = form(ALICE);
    const messages = async (field: 'email' | 'birth' | 'nickname') => {
      profile.answers = [err(validationError(field, 'validation.email.invalid'))];
      await vm.save();
    };
    await messages('email');
    vm.setBirth('1990-07-05');
    expect(Object.keys(vm.state.errors)).toStrictEqual(['email']);
    vm.setEmail('a@b.cn');
    expect(vm.state.errors).toStrictEqual({});

    await messages('birth');
    vm.setEmail('c@d.cn');
    expect(Object.keys(vm.state.errors)).toStrictEqual(['birth']);
    vm.setBirth('1990-07-06');
    expect(vm.state.errors).toStrictEqual({});
  });

  it('an avatar change waits while uploading, clears only the old avatar message, one at a time', async () => {
    const { vm, profile } = form(ALICE);
    profile.answers = [
      err(validationError('nickname', 'validation.nickname.required')),
      err(validationError('avatar', 'validation.avatar.unsupportedType')),
    ];
    await vm.save();
    await vm.changeAvatar(PNG);
    expect(vm.state.errors).toStrictEqual({
      nickname: { kind: 'i18n', i18nKey: 'validation.nickname.required' },
      avatar: { kind: 'i18n', i18nKey: 'validation.avatar.unsupportedType' },
    });
    expect(vm.state.avatarBusy).toBe(false);

    const answer = deferred<Answer>();
    profile.answers = [answer];
    const changing = vm.changeAvatar(PNG);
    expect(vm.state.avatarBusy).toBe(true);
    expect(vm.state.errors).toStrictEqual({
      nickname: { kind: 'i18n', i18nKey: 'validation.nickname.required' },
    });
    expect(await vm.changeAvatar(PNG)).toStrictEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    answer.resolve(ok({ ...ALICE, faceURL: 'https://img/new.webp' }));
    await changing;

    expect(profile.avatars).toHaveLength(2);
    expect(vm.state).toMatchObject({ avatarBusy: false, faceURL: 'https://img/new.webp' });
  });
});
