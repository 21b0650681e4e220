import type {
  CloseActionSettings,
  DesktopLogs,
  LogUploader,
  Notifier,
  Updater,
  WindowControls,
} from '@teamim/application';
import type { DesktopSlots } from '../desktop-slots';
import { registerUiMessages } from '../ui-message-registry';
import { AboutDesktop, type AboutDesktopPorts } from './AboutDesktop';
import { CloseActionSetting } from './CloseActionSetting';
import { DESKTOP_MESSAGES } from './messages';
import { TitleBar } from './TitleBar';
import { UpdateBanner } from './UpdateBanner';

// The desktop views' strings come with them: this module loads only in the desktop shell's chunk (before
// the app builds its i18next instance), so the browser build never ships them.
registerUiMessages(DESKTOP_MESSAGES);

/** The desktop ports the desktop-only views use; the desktop composition root binds them to the shell. */
export interface DesktopUiPorts {
  readonly windowControls: WindowControls;
  readonly closeActionSettings: CloseActionSettings;
  readonly desktopLogs: DesktopLogs;
  readonly logUploader: LogUploader;
  readonly updater: Updater;
  /** The app's toasts (log upload success or failure). */
  readonly notifier: Notifier;
}

/**
 * The four desktop slots over one set of ports. Built once by the composition root, so each slot is a
 * stable component type and its view models live as long as the view that shows it.
 */
export function createDesktopSlots(ports: DesktopUiPorts): DesktopSlots {
  const about: AboutDesktopPorts = {
    logs: ports.desktopLogs,
    logUploader: ports.logUploader,
    notifier: ports.notifier,
    updater: ports.updater,
  };
  return {
    titleBar: function DesktopTitleBar() {
      return <TitleBar controls={ports.windowControls} />;
    },
    updateBanner: function DesktopUpdateBanner() {
      return <UpdateBanner updater={ports.updater} />;
    },
    accountSettings: function DesktopAccountSettings() {
      return <CloseActionSetting settings={ports.closeActionSettings} />;
    },
    about: function DesktopAbout() {
      return <AboutDesktop ports={about} />;
    },
  };
}
