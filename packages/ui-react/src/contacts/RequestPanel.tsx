import { Button, Field, mergeClasses, Text, Textarea } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { RequestDraft } from '@teamim/application';
import { useText } from '../text';
import { useContactStyles } from './styles';
import { FaceAvatar } from '../FaceAvatar';

/**
 * The verification view of spec §2: back arrow, avatar, name, id, the application text (rows, limit and
 * counter from the view model) and a send button. The view model sends and reports failures.
 */
export function RequestPanel(props: {
  readonly kind: 'friend' | 'group';
  readonly name: string;
  readonly id: string;
  readonly faceURL: string;
  readonly draft: RequestDraft;
  readonly error: string | undefined;
  readonly busy: boolean;
  readonly onBack: () => void;
  readonly onChange: (message: string) => void;
  readonly onSend: () => void;
}) {
  const { t } = useText();
  const styles = useContactStyles();
  return (
    <div className={styles.stack}>
      <div className={styles.inline}>
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
      <div className={styles.header}>
        <FaceAvatar name={props.name} faceURL={props.faceURL} size={32} group={props.kind === 'group'} />
        <div className={styles.rowText}>
          <Text weight="semibold" className={styles.ellipsis}>
            {props.name}
          </Text>
          <Text size={200} className={mergeClasses(styles.secondary, styles.ellipsis)}>
            {props.id}
          </Text>
        </div>
      </div>
      <Field
        label={t('ui.contact.verify.message')}
        hint={`${props.draft.length}/${props.draft.max}`}
        validationMessage={props.error ?? null}
        validationState={props.error === undefined ? 'none' : 'error'}
      >
        <Textarea
          rows={props.draft.rows}
          value={props.draft.message}
          maxLength={props.draft.max}
          onChange={(_e, data) => props.onChange(data.value)}
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={props.busy} onClick={props.onSend}>
          {t('ui.contact.send')}
        </Button>
      </div>
    </div>
  );
}
