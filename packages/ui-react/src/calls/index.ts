export { CallOverlay, CallOverlayView } from './CallOverlay';
export type { CallMediaTracks, CallOverlayProps, CallOverlayViewProps } from './CallOverlay';
export { CallButtons } from './CallButtons';
export type { CallButtonsProps } from './CallButtons';
export { ChatCallButtons } from './ChatCallButtons';
export { SessionCallOverlay } from './SessionCallOverlay';
