import type { CallOverlayState } from '@teamim/application';
import { DeviceSelect } from '../common/DeviceSelect';
import { useText } from '../text';
import { useCallStyles } from './call-styles';

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
      <DeviceSelect
        label={t('call.microphone')}
        choice={state.microphones}
        onSelect={props.onSelectMicrophone}
      />
      {state.mediaType === 'video' && (
        <DeviceSelect label={t('call.camera')} choice={state.cameras} onSelect={props.onSelectCamera} />
      )}
    </div>
  );
}
