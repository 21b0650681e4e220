import { ok, type Result } from '@teamim/domain';
import type { CallDevice, CallDeviceKind, CallDevices } from '../../ports/call-devices.port';
import type { Notifier } from '../../ports/notifier.port';
import type { AppError } from '../../shared/app-error';
import { attempt } from '../../shared/remote-error';

/** One device menu: the machine's devices of a kind and the one in use. */
export interface CallDeviceChoice {
  readonly devices: readonly CallDevice[];
  readonly selectedID: string | undefined;
}

/** The microphone and camera menus of a call's overlay or a meeting's room. */
export interface DeviceChoices {
  readonly microphones: CallDeviceChoice;
  readonly cameras: CallDeviceChoice;
}

const noDevices: CallDeviceChoice = { devices: [], selectedID: undefined };

/** Before the devices are listed: both menus empty. */
export const NO_DEVICE_CHOICES: DeviceChoices = { microphones: noDevices, cameras: noDevices };

/** Where the menus are kept: the view model's state, read and patched through these two. */
export interface DeviceChoicesHolder {
  get(): DeviceChoices;
  set(choices: Partial<DeviceChoices>): void;
}

/** A listing keeps the device in use while the machine still has it, else takes the first. */
function keep(choice: CallDeviceChoice, list: readonly CallDevice[]): CallDeviceChoice {
  return {
    devices: list,
    selectedID: list.some((d) => d.deviceID === choice.selectedID) ? choice.selectedID : list[0]?.deviceID,
  };
}

/**
 * The device menus a call and a meeting both show, over the one {@link CallDevices} port whose choice
 * applies to both rooms: lists microphones and cameras, switches to a chosen device, and says so when
 * the switch fails. The host view model keeps the menus in its state, so they outlive a closed overlay.
 */
export class DeviceMenus {
  constructor(
    private readonly devices: CallDevices,
    private readonly notifier: Notifier,
    private readonly holder: DeviceChoicesHolder,
  ) {}

  /** The menus as they stand, to keep when the host's state is reset. */
  current(): DeviceChoices {
    const { microphones, cameras } = this.holder.get();
    return { microphones, cameras };
  }

  /** Lists microphones and cameras (labels need a granted permission); a failed listing changes nothing. */
  async load(): Promise<Result<void, AppError>> {
    const [microphones, cameras] = await Promise.all([
      attempt(() => this.devices.list('audioinput')),
      attempt(() => this.devices.list('videoinput')),
    ]);
    if (!microphones.ok) return microphones;
    if (!cameras.ok) return cameras;
    const current = this.holder.get();
    this.holder.set({
      microphones: keep(current.microphones, microphones.value),
      cameras: keep(current.cameras, cameras.value),
    });
    return ok(undefined);
  }

  /** Switches to `deviceID`; the menu shows it once the switch worked, a toast says when it did not. */
  async select(kind: CallDeviceKind, deviceID: string): Promise<Result<void, AppError>> {
    const selected = await attempt(() => this.devices.select(kind, deviceID));
    if (!selected.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.deviceSwitchFailed' });
      return selected;
    }
    const field = kind === 'audioinput' ? 'microphones' : 'cameras';
    this.holder.set({ [field]: { ...this.holder.get()[field], selectedID: deviceID } });
    return ok(undefined);
  }
}
