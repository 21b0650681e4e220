import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../shared/remote-error';
import { FakeCallDevices, RecordingNotifier } from '../../testing';
import { DeviceMenus, NO_DEVICE_CHOICES, type DeviceChoices } from './device-menus';

function menus(devices = new FakeCallDevices()) {
  let state: DeviceChoices = NO_DEVICE_CHOICES;
  const notifier = new RecordingNotifier();
  const controls = new DeviceMenus(devices, notifier, {
    get: () => state,
    set: (choices) => (state = { ...state, ...choices }),
  });
  return { controls, notifier, devices, state: () => state };
}

describe('the device menus of calls and meetings', () => {
  it('lists microphones and cameras with the first of each in use', async () => {
    const { controls, state } = menus();
    expect((await controls.load()).ok).toBe(true);
    expect(state()).toEqual({
      microphones: {
        devices: [
          { deviceID: 'mic-1', label: 'Built-in microphone' },
          { deviceID: 'mic-2', label: 'Headset' },
        ],
        selectedID: 'mic-1',
      },
      cameras: { devices: [{ deviceID: 'cam-1', label: 'Built-in camera' }], selectedID: 'cam-1' },
    });
  });

  it('keeps the chosen device through a new listing while the machine still has it', async () => {
    const { controls, devices, state } = menus();
    await controls.load();
    await controls.select('audioinput', 'mic-2');
    await controls.load();
    expect(devices.selected).toEqual({ audioinput: 'mic-2' });
    expect(state().microphones.selectedID).toBe('mic-2');
    expect(controls.current()).toEqual(state());
  });

  it('says so when a device cannot be switched to, and leaves the menu as it was', async () => {
    const { controls, notifier, state } = menus();
    await controls.load();
    const failed = await controls.select('videoinput', 'cam-9');
    expect(failed.ok).toBe(false);
    expect(notifier.toasts).toEqual([{ level: 'error', key: 'toast.deviceSwitchFailed' }]);
    expect(state().cameras.selectedID).toBe('cam-1');
  });

  it('changes nothing when the devices cannot be listed', async () => {
    const devices = new FakeCallDevices();
    devices.failList = new RemoteError(-3, 'permission denied');
    const { controls, state } = menus(devices);
    expect((await controls.load()).ok).toBe(false);
    expect(state()).toEqual(NO_DEVICE_CHOICES);
  });
});
