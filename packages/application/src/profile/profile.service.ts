import {
  checkCanEditProfile,
  ok,
  validateBirth,
  validateEmail,
  validateNickname,
  type Gender,
  type Result,
  type SelfInfo,
} from '@teamim/domain';
import type { GroupActions } from '../groups/group-actions';
import type { ChatApi, BusinessInfoChanges } from '../ports/chat-api.port';
import type { Clock } from '../ports/clock.port';
import type { PickedFile } from '../ports/file-processor.port';
import type { ImSession } from '../ports/im-session.port';
import type { Notifier } from '../ports/notifier.port';
import type { AppError } from '../shared/app-error';
import { attempt } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';

/** The edit-profile form (spec §2: nickname, e-mail, gender, birth; the phone number is read-only). */
export interface ProfileForm {
  readonly nickname: string;
  readonly email: string;
  readonly gender: Gender;
  readonly birth: number;
}

function definedChanges(changes: BusinessInfoChanges): BusinessInfoChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/** Edits the own profile and avatar; refreshes self info on success (spec §4 "Edit profile"). */
export class ProfileService {
  /** Saved values the SDK has not reported back yet. */
  private pending: BusinessInfoChanges = {};

  constructor(
    private readonly im: ImSession,
    private readonly chatApi: ChatApi,
    private readonly currentUser: CurrentUser,
    private readonly groupActions: GroupActions,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {}

  async updateProfile(userID: string, form: ProfileForm): Promise<Result<SelfInfo, AppError>> {
    const allowed = checkCanEditProfile(this.currentUser.id(), userID);
    if (!allowed.ok) {
      return allowed;
    }
    const nickname = validateNickname(form.nickname);
    if (!nickname.ok) {
      return nickname;
    }
    // An account registered by phone has no e-mail: it may keep none, but one typed in must be valid.
    // An e-mail already on the account may be changed but not cleared (it may be the login name).
    const hadEmail = (this.currentUser.selfInfo?.email ?? '') !== '';
    const email = !hadEmail && form.email.trim() === '' ? ok('') : validateEmail(form.email);
    if (!email.ok) {
      return email;
    }
    const now = this.clock.now();
    const birth = validateBirth(form.birth, now, this.clock.utcOffsetMinutes(now));
    if (!birth.ok) {
      return birth;
    }
    return this.save({
      nickname: nickname.value,
      email: email.value,
      gender: form.gender,
      birth: birth.value,
    });
  }

  /** Replaces the own avatar with a resized upload. */
  async updateAvatar(file: PickedFile): Promise<Result<SelfInfo, AppError>> {
    const url = await this.groupActions.uploadAvatar(file);
    if (!url.ok) {
      return url;
    }
    const saved = await this.save({ faceURL: url.value });
    if (!saved.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.updateAvatarFailed' });
    }
    return saved;
  }

  private async save(changes: BusinessInfoChanges): Promise<Result<SelfInfo, AppError>> {
    const userID = this.currentUser.id();
    const updated = await attempt(async () => {
      await this.chatApi.updateUser(userID, changes);
      return this.im.getSelfInfo();
    });
    if (!updated.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed', message: updated.error.message });
      return updated;
    }
    // The SDK learns of a change made through the chat API only when the server's notification reaches
    // it, so its copy of the name and avatar may still be the old one: what was saved wins until the SDK
    // reports it too.
    const pending: Record<string, unknown> = { ...this.pending, ...definedChanges(changes) };
    const reported = updated.value as unknown as Record<string, unknown>;
    for (const key of Object.keys(pending)) {
      if (reported[key] === pending[key]) delete pending[key];
    }
    this.pending = pending;
    const self: SelfInfo = { ...updated.value, ...this.pending };
    this.currentUser.setSelfInfo(self);
    return ok(self);
  }

  /** It holds nothing of its own beyond the session's ports, so there is nothing to end. */
  dispose(): void {
    // Stateless: the scope calls it like every other session service's.
  }
}
