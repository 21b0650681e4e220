import { Button, type ButtonProps } from '@fluentui/react-components';
import type { ShellState } from '@teamim/application';
import { useText } from '../text';
import { FaceAvatar } from '../FaceAvatar';

/**
 * The own avatar at the foot of the nav rail, the account menu's button: alone until the menu's code has
 * loaded, then as the menu's trigger (which adds its handlers and ref through the rest of the props).
 */
export function AccountButton({ self, ...rest }: { readonly self: ShellState['self'] } & ButtonProps) {
  const { t } = useText();
  return (
    <Button
      {...rest}
      appearance="transparent"
      aria-label={t('ui.nav.accountMenu')}
      title={self?.name}
      icon={
        // Decorative: the button is named; a nameless avatar (before the profile loads) would be an
        // unnamed image to axe.
        <FaceAvatar name={self?.name ?? ''} faceURL={self?.faceURL ?? ''} size={36} />
      }
    />
  );
}
