// The signed-in pages' column widths and the window widths at which they change. Like Slack, the list
// beside the content narrows in a small window, so the messages keep most of the width, and collapses to
// the avatars in a very small one.

/** The conversation list's width in a wide window (spec §2). */
export const LIST_WIDTH = '300px';
/** Below this window width the list narrows to {@link NARROW_LIST_WIDTH}. */
export const NARROW_WINDOW = '(max-width: 1023px)';
/** A fifth of the window, between 200 and 240 px: 208 px at 800x600 leaves the messages 520. */
export const NARROW_LIST_WIDTH = 'clamp(200px, 26vw, 240px)';
/** Below this window width the list shows the avatars only (the names stay in each row's label). */
export const COMPACT_WINDOW = '(max-width: 639px)';
/** Room for a 40 px avatar and the row's margins. */
export const COMPACT_LIST_WIDTH = '72px';
/** The contacts page's section list in a wide window, and below {@link NARROW_WINDOW}. */
export const SECTION_LIST_WIDTH = '240px';
export const NARROW_SECTION_LIST_WIDTH = '200px';

/** The group drawer's member grid (spec §2: 16 or 17 members and the add and remove tiles). */
export const MEMBER_GRID_COLUMNS = 6;

/** The conversation drawers (spec §2): one-to-one 450 px, group 460 px. */
export const SINGLE_DRAWER_WIDTH = '450px';
export const GROUP_DRAWER_WIDTH = '460px';

/** The composer's height (spec §2): a quarter of the chat by default, at most 60 %, at least 200 px. */
export const COMPOSER_HEIGHT = { defaultPercent: 25, maxPercent: 60, minPx: 200 } as const;

/** How far the arrow keys move the chat/composer divider (Shift: all the way). */
export const PANEL_RESIZE_KEYBOARD_STEP_PERCENT = { normal: 10, withShift: 100 } as const;

/** The member picker's rows (spec §2: a 680 x 480 picker of 62 px rows). */
export const PICKER_ROW_HEIGHT_PX = 62;
