import { deferred } from '../deferred';

// The dialogs are a chunk of their own (Fluent's dialog, fields and spin button): loaded when first opened.
export const meetingFormDialog = deferred(() => import('./MeetingDialogs').then((m) => m.MeetingFormDialog));
export const meetingCancelDialog = deferred(() =>
  import('./MeetingDialogs').then((m) => m.MeetingCancelDialog),
);
