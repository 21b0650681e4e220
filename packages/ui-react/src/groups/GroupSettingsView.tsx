import {
  Button,
  Divider,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ChevronRightRegular, CopyRegular, SearchRegular } from '@fluentui/react-icons';
import {
  VERIFICATION_MODES,
  type GroupSettingsState,
  type GroupSettingsViewModel,
} from '@teamim/application';
import type { GroupVerification } from '@teamim/domain';
import { useState } from 'react';
import { useText } from '../text';
import { GroupIdentity } from './GroupIdentity';
import { MemberGrid } from './MemberGrid';
import type { MemberRow } from '@teamim/application';

const useStyles = makeStyles({
  settings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  entry: { justifyContent: 'space-between', width: '100%', fontWeight: tokens.fontWeightRegular },
  entryText: { flex: 1, textAlign: 'start' },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  secondary: { color: tokens.colorNeutralForeground3 },
  announcement: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  danger: { color: tokens.colorPaletteRedForeground1 },
});

export interface SettingsHandlers {
  readonly onOpenMember: (member: MemberRow) => void;
  readonly onAdd: () => void;
  readonly onRemove: () => void;
  readonly onViewMore: () => void;
  readonly onSearch: () => void;
  readonly onTransfer: () => void;
  readonly onLeave: () => void;
}

/** Spec §2 group drawer, settings view; every control shown only to the roles §6 allows. */
export function GroupSettingsView(props: {
  readonly vm: GroupSettingsViewModel;
  readonly state: GroupSettingsState;
  readonly handlers: SettingsHandlers;
}) {
  const { vm, state, handlers } = props;
  const { t } = useText();
  const styles = useStyles();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copyID = async () => {
    try {
      await navigator.clipboard.writeText(state.groupID);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className={styles.settings}>
      <GroupIdentity vm={vm} state={state} />
      <MemberGrid
        state={state}
        onOpenMember={handlers.onOpenMember}
        onAdd={handlers.onAdd}
        onRemove={handlers.onRemove}
        onViewMore={handlers.onViewMore}
      />
      <Button
        appearance="subtle"
        className={styles.entry}
        icon={<SearchRegular />}
        iconPosition="before"
        onClick={handlers.onSearch}
      >
        <span className={styles.entryText}>{t('ui.group.members.searchMute')}</span>
        <ChevronRightRegular aria-hidden />
      </Button>
      <Divider />
      <section className={styles.section} aria-labelledby="group-id-heading">
        <h3 id="group-id-heading" className={styles.heading}>
          {t('ui.group.id.label')}
        </h3>
        <div className={styles.row}>
          <Text className={styles.mono}>{state.groupID}</Text>
          <Button
            size="small"
            appearance="subtle"
            icon={<CopyRegular />}
            aria-label={t('ui.group.id.copy')}
            title={t('ui.group.id.copy')}
            onClick={() => void copyID()}
          />
        </div>
        <Text size={200} role="status" className={styles.secondary}>
          {copied === 'yes'
            ? t('ui.group.id.copied')
            : copied === 'failed'
              ? t('ui.group.id.copyFailed')
              : ''}
        </Text>
      </section>
      <Announcement vm={vm} state={state} />
      {(state.can.muteAll || state.can.joinSettings) && (
        <section className={styles.section} aria-labelledby="group-manage-heading">
          <h3 id="group-manage-heading" className={styles.heading}>
            {t('ui.group.manage')}
          </h3>
          {state.can.muteAll && (
            <Field hint={t('ui.group.muteAll.hint')}>
              <Switch
                label={t('ui.group.muteAll.label')}
                checked={state.muteAll}
                onChange={(_e, data) => void vm.setMuteAll(data.checked)}
              />
            </Field>
          )}
          {state.can.joinSettings && (
            <>
              <Field label={t('ui.group.verification.label')}>
                <RadioGroup
                  value={String(state.verification)}
                  onChange={(_e, data) => void vm.setVerification(Number(data.value) as GroupVerification)}
                >
                  {VERIFICATION_MODES.map((mode) => (
                    <Radio key={mode} value={String(mode)} label={t(`ui.group.verification.${mode}`)} />
                  ))}
                </RadioGroup>
              </Field>
              <Switch
                label={t('ui.group.lookMemberInfo')}
                checked={state.lookMemberInfo}
                onChange={(_e, data) => void vm.setLookMemberInfo(data.checked)}
              />
              <Switch
                label={t('ui.group.applyMemberFriend')}
                checked={state.applyMemberFriend}
                onChange={(_e, data) => void vm.setApplyMemberFriend(data.checked)}
              />
            </>
          )}
        </section>
      )}
      <Divider />
      {state.can.transfer && (
        <Button appearance="secondary" onClick={handlers.onTransfer}>
          {t('ui.group.transfer.label')}
        </Button>
      )}
      <Button appearance="secondary" className={styles.danger} onClick={handlers.onLeave}>
        {state.leave === 'disband' ? t('ui.group.disband.label') : t('ui.group.exit.label')}
      </Button>
    </div>
  );
}

/** The announcement: shown to every member, edited by owner and admin. */
function Announcement({
  vm,
  state,
}: {
  readonly vm: GroupSettingsViewModel;
  readonly state: GroupSettingsState;
}) {
  const { t } = useText();
  const styles = useStyles();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const publish = async (text: string) => {
    const saved = await vm.setAnnouncement(text);
    if (saved.ok) setDraft(undefined);
  };
  return (
    <section className={styles.section} aria-labelledby="group-announcement-heading">
      <div className={styles.row}>
        <h3 id="group-announcement-heading" className={styles.heading}>
          {t('ui.group.announcement.label')}
        </h3>
        {state.can.editAnnouncement && draft === undefined && (
          <Button size="small" appearance="subtle" onClick={() => setDraft(state.announcement)}>
            {t('ui.group.announcement.edit')}
          </Button>
        )}
      </div>
      {draft === undefined ? (
        <Text className={state.announcement === '' ? styles.secondary : styles.announcement}>
          {state.announcement === '' ? t('ui.group.announcement.empty') : state.announcement}
        </Text>
      ) : (
        <>
          <Textarea
            autoFocus
            resize="vertical"
            rows={4}
            aria-label={t('ui.group.announcement.label')}
            value={draft}
            onChange={(_e, data) => setDraft(data.value)}
          />
          <div className={styles.actions}>
            <Button size="small" onClick={() => setDraft(undefined)}>
              {t('ui.action.cancel')}
            </Button>
            <Button
              size="small"
              appearance="primary"
              disabled={state.busy}
              onClick={() => void publish(draft)}
            >
              {t('ui.group.announcement.save')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
