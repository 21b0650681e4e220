import { CallDevices, type CallDevice, type CallDeviceKind } from '@teamim/application';
import { loadLiveKit } from './livekit-factory';
import type { LiveKitRtcRoom } from './livekit-rtc-room';

/** Lists the machine's devices of a kind (livekit's enumerateDevices wrapper, asking permission first). */
export type EnumerateDevices = (
  kind: CallDeviceKind,
) => Promise<readonly { deviceId: string; label: string }[]>;

/** {@link CallDevices} over livekit-client: lists through `Room.getLocalDevices`, selects on the RTC room. */
export class LiveKitCallDevices extends CallDevices {
  constructor(
    private readonly room: Pick<LiveKitRtcRoom, 'selectDevice'>,
    private readonly enumerate: EnumerateDevices = async (kind) => (await loadLiveKit()).localDevices(kind),
  ) {
    super();
  }

  async list(kind: CallDeviceKind): Promise<readonly CallDevice[]> {
    const devices = await this.enumerate(kind);
    // 'default' and 'communications' are aliases Chromium adds for another entry of the list.
    return devices
      .filter((d) => d.deviceId !== '' && d.deviceId !== 'default' && d.deviceId !== 'communications')
      .map((d) => ({ deviceID: d.deviceId, label: d.label }));
  }

  select(kind: CallDeviceKind, deviceID: string): Promise<void> {
    return this.room.selectDevice(kind, deviceID);
  }
}
