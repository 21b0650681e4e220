import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
} from '@fluentui/react-components';
import { useState } from 'react';
import { validateSearchKeyword, type SearchedUser } from '@teamim/domain';
import { useSignedIn } from '../services';
import { useText } from '../text';
import { useContactDialogs } from './dialog-context';
import { appErrorText } from './errors';

/**
 * The add-friend / add-group search modal (spec §2): confirm stays disabled until the keyword is not
 * blank. Friends are found by the chat API's fuzzy search (page of 20); a group is looked up by its id
 * and opens the group card.
 */
export function AddSearchDialog({
  target,
  onClose,
}: {
  readonly target: 'friend' | 'group';
  readonly onClose: () => void;
}) {
  const services = useSignedIn();
  const dialogs = useContactDialogs();
  const { t, display } = useText();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<readonly SearchedUser[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const valid = validateSearchKeyword(keyword);
  const title = t(target === 'friend' ? 'ui.contact.search.friendTitle' : 'ui.contact.search.groupTitle');

  const search = async () => {
    if (!valid.ok) return;
    if (target === 'group') {
      setBusy(true);
      const group = await services.contactActions.findGroup(valid.value);
      setBusy(false);
      if (!group.ok) {
        // A lookup can fail while the SDK is still starting (10004): the card by id can still apply.
        if (group.error.kind === 'remote') dialogs.openGroupCard({ groupID: valid.value });
        else setError(display(appErrorText(group.error)));
      } else if (group.value === undefined) {
        setError(t('ui.contact.group.notFound'));
      } else {
        dialogs.openGroupCard(group.value);
      }
      return;
    }
    setBusy(true);
    const found = await services.contactActions.searchUsers(valid.value);
    setBusy(false);
    if (found.ok) {
      setResults(found.value);
      setError(undefined);
    } else {
      setResults(undefined);
      setError(display(appErrorText(found.error)));
    }
  };

  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface style={{ width: 400, maxWidth: '100%' }} aria-label={title}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void search();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <Field
                label={t(
                  target === 'friend' ? 'ui.contact.search.friendKeyword' : 'ui.contact.search.groupKeyword',
                )}
                validationMessage={error ?? null}
                validationState={error === undefined ? 'none' : 'error'}
              >
                <Input value={keyword} onChange={(_e, data) => setKeyword(data.value)} autoFocus />
              </Field>
              {results !== undefined && (
                <section aria-label={t('ui.contact.search.results')} style={{ marginTop: 12 }}>
                  {results.length === 0 ? (
                    <Text>{t('toast.noSearchResults')}</Text>
                  ) : (
                    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
                      {results.map((user) => (
                        <li key={user.userID}>
                          <Button
                            appearance="subtle"
                            style={{ width: '100%', justifyContent: 'flex-start', gap: 8 }}
                            onClick={() => dialogs.openUserCard(user)}
                          >
                            <Avatar
                              size={32}
                              name={user.nickname}
                              {...(user.faceURL !== '' ? { image: { src: user.faceURL } } : {})}
                            />
                            <span>{user.nickname}</span>
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('ui.action.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={!valid.ok || busy}>
                {t('ui.contact.search.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
