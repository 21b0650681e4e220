import { Field, Select } from '@fluentui/react-components';
import type { CallDeviceChoice, CallOverlayState } from '@teamim/application';
import { useText } from '../text';
import { useCallStyles } from './call-styles';

function DeviceSelect(props: {
  readonly label: string;
  readonly choice: CallDeviceChoice;
  readonly onSelect: (deviceID: string) => void;
}) {
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

/** The microphone and camera a call captures from (the camera in video calls only). */
export function CallDeviceSelects(props: {
  readonly state: CallOverlayState;
  readonly onSelectMicrophone: (deviceID: string) => void;
  readonly onSelectCamera: (deviceID: string) => void;
}) {
  const { state } = props;
  const styles = useCallStyles();
  const { t } = useText();
  return (
    <div className={styles.devices}>
      {state.microphones.devices.length > 0 && (
        <DeviceSelect
          label={t('call.microphone')}
          choice={state.microphones}
          onSelect={props.onSelectMicrophone}
        />
      )}
      {state.mediaType === 'video' && state.cameras.devices.length > 0 && (
        <DeviceSelect label={t('call.camera')} choice={state.cameras} onSelect={props.onSelectCamera} />
      )}
    </div>
  );
}
