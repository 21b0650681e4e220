import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { CloseActionViewModel, type CloseActionSettings } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { useText } from '../text';
import { useOwnedViewModel } from '../view-model-lifetime';

const OPTION_KEYS = {
  miniSize: 'ui.desktop.closeAction.miniSize',
  quit: 'ui.desktop.closeAction.quit',
} as const;

/** Account settings (desktop only): what the close button does, minimize to the tray (default) or quit. */
export function CloseActionSetting({ settings }: { readonly settings: CloseActionSettings }) {
  const { t } = useText();
  const vm = useOwnedViewModel(() => new CloseActionViewModel(settings), [settings]);
  const state = useObservableEagerState(vm.state$);
  return (
    <Field
      label={t('ui.desktop.closeAction.label')}
      validationState={state.failed ? 'error' : 'none'}
      validationMessage={state.failed ? t('ui.desktop.closeAction.failed') : null}
    >
      <RadioGroup
        value={state.action}
        disabled={!state.loaded}
        onChange={(_event, data) => {
          const chosen = state.options.find((option) => option === data.value);
          if (chosen !== undefined) void vm.choose(chosen);
        }}
      >
        {state.options.map((option) => (
          <Radio key={option} value={option} label={t(OPTION_KEYS[option])} />
        ))}
      </RadioGroup>
    </Field>
  );
}
