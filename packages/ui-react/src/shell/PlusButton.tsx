import { Button, type ButtonProps } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useText } from '../text';

/** The top bar's "+": alone until the menu's code has loaded, then that menu's trigger. */
export function PlusButton(props: ButtonProps) {
  const { t } = useText();
  return (
    <Button
      {...props}
      appearance="subtle"
      icon={<AddRegular />}
      aria-label={t('ui.top.plus')}
      title={t('ui.top.plus')}
    />
  );
}
