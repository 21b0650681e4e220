export * from './close-action.view-model';
export * from './log-upload.view-model';
export * from './title-bar.view-model';
export * from './update-banner.view-model';
