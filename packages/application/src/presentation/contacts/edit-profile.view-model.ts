import {
  err,
  Gender,
  TEXT_LIMITS,
  type DisplayText,
  type Result,
  type SelfInfo,
  type ValidationField,
} from '@teamim/domain';
import type { Clock } from '../../ports/clock.port';
import type { PickedFile } from '../../ports/file-processor.port';
import type { ProfileService } from '../../profile/profile.service';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { CurrentUser } from '../../session/current-user';
import { StateViewModel } from '../view-model';
import { errorText } from './error-text';
import { birthFromInput, birthToInput } from './profile-form';
import { viewModelFactory } from '../view-model-factory';

export interface EditProfileState {
  readonly nickname: string;
  readonly nicknameMax: number;
  readonly email: string;
  /** Man or female; unknown until chosen. */
  readonly gender: Gender;
  /** The date input's value (YYYY-MM-DD), '' when unknown. */
  readonly birth: string;
  /** Today, the latest birth the date input offers (spec: not later than today). */
  readonly birthMax: string;
  /** Read-only (spec §2). */
  readonly phoneNumber: string;
  readonly errors: Readonly<Partial<Record<ValidationField, DisplayText>>>;
  readonly busy: boolean;
  readonly ready: boolean;
  // Avatar upload
  readonly faceURL: string;
  /** The avatar is being resized, uploaded and saved. */
  readonly avatarBusy: boolean;
}

/**
 * Edit profile (spec §2, 484 wide, titled "Edit info"): nickname (required, max 20), e-mail (format),
 * gender and birth (not later than today); the phone number is read-only. The rules are the profile
 * service's; this holds the form and shows the failed field's message.
 */
export class EditProfileViewModel extends StateViewModel<EditProfileState> {
  constructor(
    private readonly currentUser: CurrentUser,
    private readonly profile: ProfileService,
    clock: Clock,
  ) {
    const self: SelfInfo | undefined = currentUser.selfInfo;
    const now = clock.now();
    super({
      nickname: self?.nickname ?? '',
      nicknameMax: TEXT_LIMITS.nickname,
      email: self?.email ?? '',
      gender: self?.gender ?? Gender.Unknown,
      birth: birthToInput(self?.birth ?? 0),
      birthMax: birthToInput(now),
      phoneNumber: self?.phoneNumber ?? '',
      errors: {},
      busy: false,
      ready: self !== undefined,
      faceURL: self?.faceURL ?? '',
      avatarBusy: false,
    });
  }

  // Avatar upload
  /**
   * Replaces the avatar at once (spec §5: jpeg, png or webp, resized to at most 400x400 webp q90, then
   * uploaded); the other fields wait for Save. A refused type or a failed upload shows its message.
   */
  async changeAvatar(file: PickedFile): Promise<Result<SelfInfo, AppError>> {
    if (this.state.avatarBusy) return err(stateFailure('busy'));
    this.patch({ avatarBusy: true, errors: this.without('avatar') });
    const saved = await this.profile.updateAvatar(file);
    if (saved.ok) {
      this.patch({ avatarBusy: false, faceURL: saved.value.faceURL });
      return saved;
    }
    this.patch({ avatarBusy: false, errors: { ...this.state.errors, avatar: errorText(saved.error) } });
    return saved;
  }

  setNickname(nickname: string): void {
    this.patch({ nickname, errors: this.without('nickname') });
  }

  setEmail(email: string): void {
    this.patch({ email, errors: this.without('email') });
  }

  setGender(gender: Gender): void {
    this.patch({ gender });
  }

  setBirth(birth: string): void {
    this.patch({ birth, errors: this.without('birth') });
  }

  /** The field errors minus the one being edited again. */
  private without(field: ValidationField): EditProfileState['errors'] {
    const { [field]: _edited, ...rest } = this.state.errors;
    return rest;
  }

  /** Saves; the card and the shell follow the refreshed self info. The dialog closes on success (spec §4). */
  async save(): Promise<Result<SelfInfo, AppError>> {
    const self = this.currentUser.selfInfo;
    if (self === undefined) return err(stateFailure('self info not loaded'));
    if (this.state.busy) return err(stateFailure('busy'));
    this.patch({ busy: true, errors: {} });
    const saved = await this.profile.updateProfile(self.userID, {
      nickname: this.state.nickname,
      email: this.state.email,
      gender: this.state.gender,
      birth: birthFromInput(this.state.birth),
    });
    if (saved.ok) {
      this.patch({ busy: false });
      return saved;
    }
    const field: ValidationField = saved.error.kind === 'validation' ? saved.error.field : 'form';
    this.patch({ busy: false, errors: { [field]: errorText(saved.error) } });
    return saved;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const editProfileViewModel = viewModelFactory(
  (s) => new EditProfileViewModel(s.currentUser, s.profile, s.clock),
);
