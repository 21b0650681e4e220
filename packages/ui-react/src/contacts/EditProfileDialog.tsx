import { editProfileViewModel } from '@teamim/application';
import { Button, DialogActions, Field, Input, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { Gender, type ValidationField } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../session';
import { useText } from '../text';
import { CardDialog } from '../common/CardDialog';
import { ProfileAvatarPicker } from './ProfileAvatarPicker';
import { useContactStyles } from './styles';

/**
 * Edit profile (spec §2, width 484, titled "Edit info"): nickname (max 20), e-mail, gender and birth;
 * the phone number is read-only. The view model validates and saves; the dialog closes on success.
 */
export function EditProfileDialog({ onClose }: { readonly onClose: () => void }) {
  const vm = useViewModel((vms) => vms.build(editProfileViewModel));
  const state = useObservableEagerState(vm.state$);
  const { t, display } = useText();
  const styles = useContactStyles();

  const save = async () => {
    const saved = await vm.save();
    if (saved.ok) onClose();
  };

  const validation = (field: ValidationField) => {
    const error = state.errors[field];
    return {
      validationMessage: error === undefined ? null : display(error),
      validationState: error === undefined ? ('none' as const) : ('error' as const),
    };
  };

  return (
    <CardDialog
      title={t('ui.contact.profile.title')}
      width="profile"
      onClose={onClose}
      footer={
        <DialogActions>
          <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
          <Button
            appearance="primary"
            type="submit"
            form="edit-profile"
            disabled={state.busy || !state.ready}
          >
            {t('ui.contact.profile.save')}
          </Button>
        </DialogActions>
      }
    >
      <form
        id="edit-profile"
        // The application's rules and texts apply, not the browser's own required / e-mail checks.
        noValidate
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {/* Avatar upload */}
        <ProfileAvatarPicker
          name={state.nickname}
          faceURL={state.faceURL}
          busy={state.avatarBusy}
          error={state.errors.avatar === undefined ? undefined : display(state.errors.avatar)}
          onPick={(file) => void vm.changeAvatar(file)}
        />
        <Field label={t('ui.contact.profile.nickname')} required {...validation('nickname')}>
          <Input
            value={state.nickname}
            maxLength={state.nicknameMax}
            onChange={(_e, data) => vm.setNickname(data.value)}
          />
        </Field>
        <Field label={t('ui.contact.profile.email')} {...validation('email')}>
          <Input type="email" value={state.email} onChange={(_e, data) => vm.setEmail(data.value)} />
        </Field>
        <Field label={t('ui.contact.profile.gender')}>
          <RadioGroup
            layout="horizontal"
            value={String(state.gender)}
            onChange={(_e, data) =>
              vm.setGender(Number(data.value) === Gender.Female ? Gender.Female : Gender.Man)
            }
          >
            <Radio value={String(Gender.Man)} label={t('gender.man')} />
            <Radio value={String(Gender.Female)} label={t('gender.female')} />
          </RadioGroup>
        </Field>
        <Field label={t('ui.contact.profile.birth')} {...validation('birth')}>
          <Input
            type="date"
            value={state.birth}
            max={state.birthMax}
            onChange={(_e, data) => vm.setBirth(data.value)}
          />
        </Field>
        <Field label={t('ui.contact.profile.phone')}>
          <Input readOnly value={state.phoneNumber} />
        </Field>
        {state.errors.form !== undefined && (
          <Text role="alert" className={styles.error}>
            {display(state.errors.form)}
          </Text>
        )}
      </form>
    </CardDialog>
  );
}
