import { createContext, useContext, type ComponentType } from 'react';

/**
 * Parts of the UI that only the desktop build has (spec §2 "Desktop only"). The desktop composition
 * root provides them; the web build provides none, so the shared screens render nothing in their place.
 */
export interface DesktopSlots {
  /** The frameless window's title bar with its own window controls, above the shell. */
  readonly titleBar?: ComponentType;
  /** Update available, download progress and "restart to update", above the shell's content. */
  readonly updateBanner?: ComponentType;
  /** The close-button action in Account settings. */
  readonly accountSettings?: ComponentType;
  /** Log upload (and "check for updates") in About. */
  readonly about?: ComponentType;
}

const NO_SLOTS: DesktopSlots = {};
const DesktopSlotsContext = createContext<DesktopSlots>(NO_SLOTS);

export const DesktopSlotsProvider = DesktopSlotsContext.Provider;

export function useDesktopSlots(): DesktopSlots {
  return useContext(DesktopSlotsContext);
}
