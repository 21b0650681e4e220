import type { CSSProperties } from 'react';

// The only style values views set directly: geometry computed at run time (virtualized rows, a
// resizable panel). Colours, spacing and type always come from makeStyles and the theme's tokens.

/** A virtualized row placed `topPx` from its list's start. */
export const placedAt = (topPx: number): CSSProperties => ({ transform: `translateY(${topPx}px)` });

/** A box of a computed height (a virtualized list's full height, a resized panel). */
export const heightOf = (px: number): CSSProperties => ({ height: px });
