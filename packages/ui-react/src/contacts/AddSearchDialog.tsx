import { addSearchViewModel } from '@teamim/application';
import { Button, DialogActions, Field, Input, Text } from '@fluentui/react-components';
import { useObservableEagerState } from 'observable-hooks';
import { useViewModel } from '../session';
import { useText } from '../text';
import { CardDialog } from '../common/CardDialog';
import { useContactDialogs } from '../common/contact-dialogs';
import { useContactStyles } from './styles';
import { FaceAvatar } from '../FaceAvatar';

/**
 * The add-friend / add-group search modal (spec §2): confirm stays disabled until the keyword is not
 * blank. Friends found are listed (each opens the user card); a group id opens the group card.
 */
export function AddSearchDialog({
  target,
  onClose,
}: {
  readonly target: 'friend' | 'group';
  readonly onClose: () => void;
}) {
  const vm = useViewModel((vms) => vms.build(addSearchViewModel, target), target);
  const state = useObservableEagerState(vm.state$);
  const dialogs = useContactDialogs();
  const { t, display } = useText();
  const styles = useContactStyles();
  const title = t(target === 'friend' ? 'ui.contact.search.friendTitle' : 'ui.contact.search.groupTitle');
  const error =
    state.error !== undefined
      ? display(state.error)
      : state.notFound
        ? t('ui.contact.group.notFound')
        : undefined;

  const search = async () => {
    const found = await vm.search();
    if (found.ok && found.value.kind === 'group') dialogs.openGroupCard(found.value.group);
  };

  return (
    <CardDialog
      title={title}
      width="modal"
      onClose={onClose}
      footer={
        <DialogActions>
          <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
          <Button
            appearance="primary"
            type="submit"
            form="contact-search"
            disabled={!state.canSearch || state.busy}
          >
            {t('ui.contact.search.confirm')}
          </Button>
        </DialogActions>
      }
    >
      <form
        id="contact-search"
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <Field
          label={t(
            target === 'friend' ? 'ui.contact.search.friendKeyword' : 'ui.contact.search.groupKeyword',
          )}
          validationMessage={error ?? null}
          validationState={error === undefined ? 'none' : 'error'}
        >
          <Input value={state.keyword} onChange={(_e, data) => vm.setKeyword(data.value)} autoFocus />
        </Field>
        {state.results !== undefined && (
          <section aria-label={t('ui.contact.search.results')}>
            {state.results.length === 0 ? (
              <Text className={styles.empty}>{t('toast.noSearchResults')}</Text>
            ) : (
              <ul className={styles.list}>
                {state.results.map((hit) => (
                  <li key={hit.userID}>
                    <Button
                      appearance="subtle"
                      className={styles.rowButton}
                      onClick={() => dialogs.openUserCard(hit.user)}
                    >
                      <FaceAvatar name={hit.name} faceURL={hit.faceURL} size={32} />
                      <span className={styles.ellipsis}>{hit.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </form>
    </CardDialog>
  );
}
