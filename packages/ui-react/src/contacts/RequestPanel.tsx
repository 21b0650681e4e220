import { Avatar, Button, Field, Text, Textarea } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { TEXT_LIMITS } from '@teamim/domain';
import { useText } from '../text';

/**
 * The verification view of spec §2: back arrow, avatar, name, id, the application text (friend: 6 rows,
 * group: 4 rows; both max 50 with a counter) and a send button. The caller sends and reports failures.
 */
export function RequestPanel(props: {
  readonly kind: 'friend' | 'group';
  readonly name: string;
  readonly id: string;
  readonly faceURL: string;
  readonly error: string | undefined;
  readonly busy: boolean;
  readonly onBack: () => void;
  readonly onSend: (message: string) => void;
}) {
  const { t } = useText();
  const [message, setMessage] = useState('');
  const max = props.kind === 'friend' ? TEXT_LIMITS.friendRequestMessage : TEXT_LIMITS.joinRequestMessage;
  const length = [...message].length;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Button
          appearance="subtle"
          icon={<ArrowLeftRegular />}
          aria-label={t('ui.contact.back')}
          onClick={props.onBack}
        />
        <Text weight="semibold">
          {t(props.kind === 'friend' ? 'ui.contact.verify.friendTitle' : 'ui.contact.verify.groupTitle')}
        </Text>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Avatar name={props.name} {...(props.faceURL !== '' ? { image: { src: props.faceURL } } : {})} />
        <div>
          <Text block weight="semibold">
            {props.name}
          </Text>
          <Text block size={200}>
            {props.id}
          </Text>
        </div>
      </div>
      <Field
        label={t('ui.contact.verify.message')}
        hint={`${length}/${max}`}
        validationMessage={props.error ?? null}
        validationState={props.error === undefined ? 'none' : 'error'}
      >
        <Textarea
          rows={props.kind === 'friend' ? 6 : 4}
          value={message}
          maxLength={max}
          onChange={(_e, data) => setMessage(data.value)}
        />
      </Field>
      <Button appearance="primary" disabled={props.busy} onClick={() => props.onSend(message)}>
        {t('ui.contact.send')}
      </Button>
    </div>
  );
}
