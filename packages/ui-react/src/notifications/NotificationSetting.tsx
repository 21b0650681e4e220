import { notificationSettingViewModel } from '@teamim/application';
import { Field, Switch } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../session';
import { useText } from '../text';

const PROBLEM_KEYS = {
  denied: 'ui.notifications.denied',
  unsupported: 'ui.notifications.unsupported',
} as const;

/**
 * Account settings' new-message notifications switch. Switching it on is the only thing that
 * makes the browser ask for permission; if the browser refuses, the switch goes back off and says why.
 */
export function NotificationSetting() {
  const { t } = useText();
  const vm = useViewModel((vms) => vms.build(notificationSettingViewModel));
  const state = useObservableEagerState(vm.state$);
  return (
    <Field
      hint={state.problem === undefined ? t('ui.notifications.hint') : null}
      validationState={state.problem === undefined ? 'none' : 'warning'}
      validationMessage={state.problem === undefined ? null : t(PROBLEM_KEYS[state.problem])}
    >
      <Switch
        label={t('ui.notifications.label')}
        checked={state.enabled}
        disabled={state.busy}
        onChange={(_event, data) => void vm.setEnabled(data.checked)}
      />
    </Field>
  );
}
