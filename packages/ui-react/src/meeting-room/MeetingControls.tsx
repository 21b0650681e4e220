import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
} from '@fluentui/react-components';
// Only icons the app already draws: every icon lands in the one icons chunk the sign-in page loads.
import {
  ArrowUploadRegular,
  CallEnd24Filled,
  DismissRegular,
  Mic24Regular,
  MicOff24Regular,
  PeopleRegular,
  Settings24Regular,
  Video24Regular,
  VideoOff24Regular,
} from '@fluentui/react-icons';
import type { MeetingRoomViewState } from '@teamim/application';
import type { ReactElement } from 'react';
import { DeviceSelect } from '../common/DeviceSelect';
import { useText } from '../text';
import { useMeetingRoomStyles } from './meeting-room-styles';

/** What the control bar does: the own toggles, the devices, the list, leave and the end for everyone. */
export interface MeetingControlsProps {
  readonly onLeave: () => void;
  /** The host asks to end the meeting for everyone: the view model opens the question. */
  readonly onAskToEndForAll: () => void;
  readonly onCancelEndForAll: () => void;
  readonly onEndForAll: () => void;
  readonly onToggleMicrophone: () => void;
  readonly onToggleCamera: () => void;
  readonly onToggleScreenShare: () => void;
  readonly onTogglePeople: () => void;
  readonly onSelectMicrophone: (deviceID: string) => void;
  readonly onSelectCamera: (deviceID: string) => void;
}

/** A toggle of the control bar: an icon button named by what pressing it does. */
function Toggle(props: {
  readonly label: string;
  readonly pressed: boolean;
  readonly icon: ReactElement;
  readonly onClick: () => void;
}) {
  return (
    <Tooltip content={props.label} relationship="label">
      <Button
        shape="circular"
        size="large"
        aria-pressed={props.pressed}
        icon={props.icon}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/**
 * The host's end for everyone: a quiet button that asks first. The question is an alert dialog whose
 * first button is Cancel; Escape cancels too, and the focus goes back to the button (the dialog's trigger).
 */
function EndForAll(props: {
  readonly asking: boolean;
  readonly onAsk: () => void;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}) {
  const styles = useMeetingRoomStyles();
  const { t } = useText();
  return (
    <Dialog
      modalType="alert"
      open={props.asking}
      onOpenChange={(_e, data) => (data.open ? props.onAsk() : props.onCancel())}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={styles.endForAll}>
          {t('ui.meetingRoom.endForAll')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('ui.meetingRoom.endForAllQuestion')}</DialogTitle>
          <DialogContent>{t('ui.meetingRoom.endForAllDetail')}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement action="close">
              <Button appearance="secondary">{t('ui.action.cancel')}</Button>
            </DialogTrigger>
            <Button className={styles.confirmEnd} onClick={props.onConfirm}>
              {t('ui.meetingRoom.endForAll')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The meeting's control bar, drawn from the view's state. */
export function MeetingControls(props: MeetingControlsProps & { readonly state: MeetingRoomViewState }) {
  const { state } = props;
  const styles = useMeetingRoomStyles();
  const { t } = useText();
  return (
    <div role="group" aria-label={t('ui.meetingRoom.controls')} className={styles.controls}>
      <Toggle
        label={t(state.microphoneEnabled ? 'call.microphoneOn' : 'call.microphoneOff')}
        pressed={!state.microphoneEnabled}
        icon={state.microphoneEnabled ? <Mic24Regular /> : <MicOff24Regular />}
        onClick={props.onToggleMicrophone}
      />
      <Toggle
        label={t(state.cameraEnabled ? 'call.cameraOn' : 'call.cameraOff')}
        pressed={!state.cameraEnabled}
        icon={state.cameraEnabled ? <Video24Regular /> : <VideoOff24Regular />}
        onClick={props.onToggleCamera}
      />
      <Toggle
        label={t(state.screenSharing ? 'ui.meetingRoom.stopSharing' : 'ui.meetingRoom.shareScreen')}
        pressed={state.screenSharing}
        icon={state.screenSharing ? <DismissRegular /> : <ArrowUploadRegular />}
        onClick={props.onToggleScreenShare}
      />
      <Popover positioning={{ position: 'above', strategy: 'fixed' }} inline withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={t('ui.call.devices')} relationship="label">
            <Button shape="circular" size="large" icon={<Settings24Regular />} />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface aria-label={t('ui.call.devices')}>
          <div className={styles.devices}>
            <DeviceSelect
              label={t('call.microphone')}
              choice={state.microphones}
              onSelect={props.onSelectMicrophone}
            />
            <DeviceSelect label={t('call.camera')} choice={state.cameras} onSelect={props.onSelectCamera} />
          </div>
        </PopoverSurface>
      </Popover>
      <Toggle
        label={t('ui.meetingRoom.people', { count: state.people.length })}
        pressed={state.peopleOpen}
        icon={<PeopleRegular />}
        onClick={props.onTogglePeople}
      />
      <Button
        shape="circular"
        size="large"
        className={styles.leave}
        icon={<CallEnd24Filled />}
        onClick={props.onLeave}
      >
        {t('meetingRoom.leave')}
      </Button>
      {state.isHost && (
        <EndForAll
          asking={state.confirmingEnd}
          onAsk={props.onAskToEndForAll}
          onCancel={props.onCancelEndForAll}
          onConfirm={props.onEndForAll}
        />
      )}
    </div>
  );
}
