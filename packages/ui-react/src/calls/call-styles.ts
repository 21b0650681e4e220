import { makeStyles, tokens } from '@fluentui/react-components';

/** Spec §2 "Call overlay": 480x340; the own video is a 100x150 thumbnail at the top right. */
export const useCallStyles = makeStyles({
  overlay: {
    position: 'fixed',
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    width: '480px',
    height: '340px',
    zIndex: 1000,
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow64,
  },
  light: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  dark: {
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
  },
  remoteVideo: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
  },
  localVideo: {
    position: 'absolute',
    top: tokens.spacingVerticalM,
    right: tokens.spacingHorizontalM,
    width: '100px',
    height: '150px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    zIndex: 1,
  },
  identity: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalS,
    zIndex: 1,
  },
  status: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'center',
  },
  devices: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalS,
    justifyContent: 'center',
    paddingInline: tokens.spacingHorizontalM,
    zIndex: 1,
  },
  controls: {
    display: 'flex',
    justifyContent: 'center',
    columnGap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalL,
    zIndex: 1,
  },
  hangUp: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
  answer: {
    backgroundColor: tokens.colorPaletteGreenBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorPaletteGreenForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
  headerButtons: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalXS,
  },
});
