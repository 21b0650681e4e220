/** A microphone or camera the user can pick for calls. */
export interface CallDevice {
  readonly deviceID: string;
  readonly label: string;
}

export type CallDeviceKind = 'audioinput' | 'videoinput';

/**
 * The microphones and cameras of this machine, and which one calls use. Selecting applies to the call
 * in progress and to later ones. Methods reject with RemoteError (e.g. permission denied).
 */
export abstract class CallDevices {
  abstract list(kind: CallDeviceKind): Promise<readonly CallDevice[]>;
  abstract select(kind: CallDeviceKind, deviceID: string): Promise<void>;
}
