import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useDesktopSlots } from '../desktop-slots';
import { useText } from '../text';

/*
 * STAND-IN, to be deleted at the merge with issue 16: until 16's Account settings and About dialogs
 * render the `accountSettings` and `about` desktop slots, these minimal dialogs of the same names show
 * them, so the desktop e2e test reaches them the way it will afterwards. On the web (no slots) the menu
 * items stay disabled as before.
 */
export function useDesktopDialogsStandIn(): {
  readonly openAccountSettings: (() => void) | undefined;
  readonly openAbout: (() => void) | undefined;
  readonly dialog: ReactNode;
} {
  const { t } = useText();
  const { accountSettings: AccountSettings, about: About } = useDesktopSlots();
  const [open, setOpen] = useState<'accountSettings' | 'about' | undefined>();
  const Content = open === 'accountSettings' ? AccountSettings : open === 'about' ? About : undefined;
  return {
    openAccountSettings: AccountSettings && (() => setOpen('accountSettings')),
    openAbout: About && (() => setOpen('about')),
    dialog: (
      <Dialog open={Content !== undefined} onOpenChange={(_event, data) => !data.open && setOpen(undefined)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t(open === 'about' ? 'ui.menu.about' : 'ui.menu.accountSettings')}</DialogTitle>
            <DialogContent>{Content !== undefined && <Content />}</DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(undefined)}>{t('ui.myInfo.close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    ),
  };
}
