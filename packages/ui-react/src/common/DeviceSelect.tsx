import { Field, Select } from '@fluentui/react-components';
import type { CallDeviceChoice } from '@teamim/application';

/** A microphone or camera menu of a call or a meeting: nothing while no such device is known. */
export function DeviceSelect(props: {
  readonly label: string;
  readonly choice: CallDeviceChoice;
  readonly onSelect: (deviceID: string) => void;
}) {
  if (props.choice.devices.length === 0) return null;
  return (
    <Field label={props.label} size="small">
      <Select
        size="small"
        value={props.choice.selectedID ?? ''}
        onChange={(_e, data) => props.onSelect(data.value)}
      >
        {props.choice.devices.map((d) => (
          <option key={d.deviceID} value={d.deviceID}>
            {d.label || d.deviceID}
          </option>
        ))}
      </Select>
    </Field>
  );
}
