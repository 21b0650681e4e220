import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Button,
  Checkbox,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronRightRegular, PeopleRegular, PersonRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MemberPickerViewModel, MemberPickerViewState, PickerRow } from '@teamim/application';
import { Fragment, useEffect, useRef } from 'react';
import { useText } from '../text';
import { FaceAvatar } from '../FaceAvatar';
import { PICKER_ROW_HEIGHT_PX } from '../layout';

const useStyles = makeStyles({
  left: { display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 },
  crumbs: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}` },
  scroller: { flex: 1, minHeight: 0, overflowY: 'auto' },
  canvas: { position: 'relative', width: '100%' },
  slot: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalS,
  },
  entry: { width: '100%', justifyContent: 'flex-start', gap: tokens.spacingHorizontalM, minHeight: '48px' },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, width: '100%' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1, textAlign: 'start' },
  menu: { listStyleType: 'none', margin: 0, padding: tokens.spacingHorizontalS },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL, textAlign: 'center' },
});

// Rows sit at computed offsets, which no static class can express: the geometry is written directly.
const sized = (height: number) => (element: HTMLElement | null) => {
  if (element !== null) element.style.height = `${height}px`;
};
const placed = (height: number, top: number) => (element: HTMLElement | null) => {
  if (element === null) return;
  element.style.height = `${height}px`;
  element.style.transform = `translateY(${top}px)`;
};

/**
 * The picker's left pane: the contacts root menu (my friends, my groups) with a breadcrumb, or the
 * group's members for kick and transfer. Rows are 62 high and virtualized; the end loads more members.
 */
export function PickerLeftPane({
  vm,
  state,
}: {
  readonly vm: MemberPickerViewModel;
  readonly state: MemberPickerViewState;
}) {
  const { t } = useText();
  const styles = useStyles();
  const { place } = state;
  const crumbs: { label: string; go?: () => void }[] = [];
  if (place.kind !== 'members') {
    crumbs.push({ label: t('ui.group.picker.contacts'), go: () => void vm.go({ kind: 'root' }) });
    if (place.kind === 'friends') crumbs.push({ label: t('ui.group.picker.friends') });
    if (place.kind === 'groups' || place.kind === 'group')
      crumbs.push({ label: t('ui.group.picker.groups'), go: () => void vm.go({ kind: 'groups' }) });
    if (place.kind === 'group') crumbs.push({ label: place.name });
  }

  return (
    <section className={styles.left} aria-label={t('ui.group.picker.choose')}>
      {crumbs.length > 0 && (
        <Breadcrumb aria-label={t('ui.group.picker.breadcrumb')} size="small" className={styles.crumbs}>
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <Fragment key={crumb.label}>
                <BreadcrumbItem>
                  <BreadcrumbButton current={last} {...(last ? {} : { onClick: crumb.go })}>
                    {crumb.label}
                  </BreadcrumbButton>
                </BreadcrumbItem>
                {!last && <BreadcrumbDivider />}
              </Fragment>
            );
          })}
        </Breadcrumb>
      )}
      {place.kind === 'root' ? (
        <ul className={styles.menu}>
          <li>
            <Button
              appearance="subtle"
              className={styles.entry}
              icon={<PersonRegular />}
              onClick={() => void vm.go({ kind: 'friends' })}
            >
              <span className={styles.name}>{t('ui.group.picker.friends')}</span>
              <ChevronRightRegular aria-hidden />
            </Button>
          </li>
          <li>
            <Button
              appearance="subtle"
              className={styles.entry}
              icon={<PeopleRegular />}
              onClick={() => void vm.go({ kind: 'groups' })}
            >
              <span className={styles.name}>{t('ui.group.picker.groups')}</span>
              <ChevronRightRegular aria-hidden />
            </Button>
          </li>
        </ul>
      ) : (
        <Rows vm={vm} state={state} />
      )}
    </section>
  );
}

function Rows({ vm, state }: { readonly vm: MemberPickerViewModel; readonly state: MemberPickerViewState }) {
  const { t } = useText();
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const { rows, hasMoreMembers, place } = state;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => PICKER_ROW_HEIGHT_PX,
    getItemKey: (index) => keyOf(rows[index]) ?? index,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    // Spec §4: more members load when the list end is reached.
    if (place.kind === 'members' && hasMoreMembers && lastIndex >= rows.length - 1) void vm.loadMoreMembers();
  }, [place.kind, hasMoreMembers, lastIndex, rows.length, vm]);

  if (rows.length === 0) return <Text className={styles.empty}>{t('ui.group.picker.empty')}</Text>;
  return (
    <div ref={scroller} className={styles.scroller} role="list" aria-label={t('ui.group.picker.choose')}>
      <div className={styles.canvas} ref={sized(virtualizer.getTotalSize())}>
        {items.map((virtual) => {
          const row = rows[virtual.index];
          if (row === undefined) return null;
          return (
            <div
              key={keyOf(row)}
              role="listitem"
              className={styles.slot}
              ref={placed(virtual.size, virtual.start)}
            >
              {row.kind === 'group' ? (
                <Button
                  appearance="subtle"
                  className={styles.entry}
                  onClick={() => void vm.go({ kind: 'group', groupID: row.groupID, name: row.name })}
                >
                  <Face name={row.name} faceURL={row.faceURL} square />
                  <span className={styles.name}>{row.name}</span>
                  <ChevronRightRegular aria-hidden />
                </Button>
              ) : (
                <Checkbox
                  checked={row.selected}
                  disabled={row.disabled}
                  onChange={() => vm.toggle(row.item)}
                  label={
                    <span className={styles.user}>
                      <Face name={row.item.name} faceURL={row.item.faceURL} />
                      <span className={styles.name}>
                        {row.item.name === '' ? row.item.id : row.item.name}
                      </span>
                    </span>
                  }
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function keyOf(row: PickerRow | undefined): string | undefined {
  if (row === undefined) return undefined;
  return row.kind === 'group' ? `g:${row.groupID}` : `u:${row.item.id}`;
}

function Face(props: { readonly name: string; readonly faceURL: string; readonly square?: boolean }) {
  return <FaceAvatar name={props.name} faceURL={props.faceURL} size={36} group={props.square === true} />;
}
