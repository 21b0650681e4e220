import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import { useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { Gender, TEXT_LIMITS, type ValidationField } from '@teamim/domain';
import { useSignedIn } from '../services';
import { useText } from '../text';
import { appErrorText } from './errors';
import { birthFromInput, birthToInput } from './profile-form';

/**
 * Edit profile (spec §2, width 484, titled "Edit info"): nickname (max 20), e-mail, gender and birth;
 * the phone number is read-only. It closes on success (spec §4).
 */
export function EditProfileDialog({ onClose }: { readonly onClose: () => void }) {
  const services = useSignedIn();
  const { t, display } = useText();
  const self = useObservableState(services.currentUser.selfInfo$, services.currentUser.selfInfo);
  const [nickname, setNickname] = useState(self?.nickname ?? '');
  const [email, setEmail] = useState(self?.email ?? '');
  const [gender, setGender] = useState<Gender>(self?.gender ?? Gender.Unknown);
  const [birth, setBirth] = useState(birthToInput(self?.birth ?? 0));
  const [errors, setErrors] = useState<Partial<Record<ValidationField, string>>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (self === undefined) return;
    setBusy(true);
    const saved = await services.profile.updateProfile(self.userID, {
      nickname,
      email,
      gender,
      birth: birthFromInput(birth),
    });
    setBusy(false);
    if (saved.ok) {
      onClose();
      return;
    }
    const field: ValidationField = saved.error.kind === 'validation' ? saved.error.field : 'form';
    setErrors({ [field]: display(appErrorText(saved.error)) });
  };

  const state = (field: ValidationField) => ({
    validationMessage: errors[field] ?? null,
    validationState: errors[field] === undefined ? ('none' as const) : ('error' as const),
  });

  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface style={{ width: 484, maxWidth: '100%' }} aria-label={t('ui.contact.profile.title')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{t('ui.contact.profile.title')}</DialogTitle>
            <DialogContent style={{ display: 'grid', gap: 12 }}>
              <Field label={t('ui.contact.profile.nickname')} {...state('nickname')}>
                <Input
                  value={nickname}
                  maxLength={TEXT_LIMITS.nickname}
                  onChange={(_e, data) => setNickname(data.value)}
                />
              </Field>
              <Field label={t('ui.contact.profile.email')} {...state('email')}>
                <Input type="email" value={email} onChange={(_e, data) => setEmail(data.value)} />
              </Field>
              <Field label={t('ui.contact.profile.gender')}>
                <RadioGroup
                  layout="horizontal"
                  value={String(gender)}
                  onChange={(_e, data) =>
                    setGender(Number(data.value) === Gender.Female ? Gender.Female : Gender.Man)
                  }
                >
                  <Radio value={String(Gender.Man)} label={t('gender.man')} />
                  <Radio value={String(Gender.Female)} label={t('gender.female')} />
                </RadioGroup>
              </Field>
              <Field label={t('ui.contact.profile.birth')} {...state('birth')}>
                <Input type="date" value={birth} onChange={(_e, data) => setBirth(data.value)} />
              </Field>
              <Field label={t('ui.contact.profile.phone')}>
                <Input readOnly value={self?.phoneNumber ?? ''} />
              </Field>
              {errors.form !== undefined && <div role="alert">{errors.form}</div>}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy || self === undefined}>
                {t('ui.contact.profile.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
