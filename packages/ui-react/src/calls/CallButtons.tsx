import { Button, Tooltip } from '@fluentui/react-components';
import { Call24Regular, Video24Regular } from '@fluentui/react-icons';
import type { CallButtonsViewModel } from '@teamim/application';
import type { CallMediaType } from '@teamim/domain';
import { useText } from '../text';
import { useCallStyles } from './call-styles';

export interface CallButtonsProps {
  /** The other party of the open single chat. */
  readonly peerUserID: string;
  readonly viewModel: Pick<CallButtonsViewModel, 'start'>;
}

/** Voice and video call buttons for a single chat's header (spec §2). */
export function CallButtons({ peerUserID, viewModel }: CallButtonsProps) {
  const styles = useCallStyles();
  const { t } = useText();
  const call = (mediaType: CallMediaType) => () => void viewModel.start(peerUserID, mediaType);
  return (
    <div className={styles.headerButtons}>
      <Tooltip content={t('call.voiceCall')} relationship="label">
        <Button appearance="subtle" icon={<Call24Regular />} onClick={call('audio')} />
      </Tooltip>
      <Tooltip content={t('call.videoCall')} relationship="label">
        <Button appearance="subtle" icon={<Video24Regular />} onClick={call('video')} />
      </Tooltip>
    </div>
  );
}
