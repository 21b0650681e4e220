import { tokens } from '@fluentui/react-components';

/** The red of every button that ends a call (the overlay's, and the bar shown when the overlay cannot load). */
export const endCallButton = {
  backgroundColor: tokens.colorStatusDangerBackground3,
  color: tokens.colorNeutralForegroundOnBrand,
  // Hover and press stay dark enough for white text in both themes (the status foregrounds do not).
  ':hover': {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  ':hover:active': {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
  },
};
