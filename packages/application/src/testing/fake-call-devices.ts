import { RemoteError } from '../shared/remote-error';
import { CallDevices, type CallDevice, type CallDeviceKind } from '../ports/call-devices.port';

/** A machine with a fixed set of devices; `selected` records what calls would use. */
export class FakeCallDevices extends CallDevices {
  readonly selected: Partial<Record<CallDeviceKind, string>> = {};
  /** When set, listing fails with it (e.g. the user refused media permissions). */
  failList: RemoteError | undefined;

  constructor(
    private readonly devices: Readonly<Record<CallDeviceKind, readonly CallDevice[]>> = {
      audioinput: [
        { deviceID: 'mic-1', label: 'Built-in microphone' },
        { deviceID: 'mic-2', label: 'Headset' },
      ],
      videoinput: [{ deviceID: 'cam-1', label: 'Built-in camera' }],
    },
  ) {
    super();
  }

  async list(kind: CallDeviceKind): Promise<readonly CallDevice[]> {
    await Promise.resolve();
    if (this.failList !== undefined) throw this.failList;
    return this.devices[kind];
  }

  async select(kind: CallDeviceKind, deviceID: string): Promise<void> {
    await Promise.resolve();
    if (!this.devices[kind].some((d) => d.deviceID === deviceID)) {
      throw new RemoteError(-3, `no ${kind} ${deviceID}`);
    }
    this.selected[kind] = deviceID;
  }
}
