import { makeStyles, tokens } from '@fluentui/react-components';

/** Rows, lists and small layouts the contact screens share (Slack/Element-like density). */
export const useContactStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '48px',
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
  },
  rowButton: {
    width: '100%',
    minHeight: '48px',
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalM,
    paddingInline: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightRegular,
  },
  rowText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1, textAlign: 'start' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  secondary: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  inline: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  // Buttons wrap rather than overflow: the user card is 332 wide (spec §2) and must show all of them.
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  sectionTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  empty: { color: tokens.colorNeutralForeground3, paddingBlock: tokens.spacingVerticalL },
});
