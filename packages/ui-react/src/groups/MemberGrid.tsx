import { Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, SubtractRegular } from '@fluentui/react-icons';
import type { GroupSettingsState, MemberRow } from '@teamim/application';
import { MEMBER_GRID_COLUMNS } from '../layout';
import { useText } from '../text';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    // Six columns: the fullest grid (16 members and two tiles for admins, 17 and one for members) ends on
    // a full row, and a short grid keeps its add and remove tiles on the members' row.
    gridTemplateColumns: `repeat(${MEMBER_GRID_COLUMNS}, minmax(0, 1fr))`,
    rowGap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalXS,
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXXS,
    width: '100%',
    minWidth: 0,
    height: 'auto',
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalXXS,
    fontWeight: tokens.fontWeightRegular,
  },
  tileName: {
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  square: {
    width: '40px',
    height: '40px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    fontSize: '18px',
  },
});

/**
 * Spec §2 member grid: the first 17 members (16 for admin and owner), an add tile, a remove tile for
 * those who may kick, and a view-more link to the members view.
 */
export function MemberGrid(props: {
  readonly state: GroupSettingsState;
  readonly onOpenMember: (member: MemberRow) => void;
  readonly onAdd: () => void;
  readonly onRemove: () => void;
  readonly onViewMore: () => void;
}) {
  const { t } = useText();
  const styles = useStyles();
  const { state } = props;
  return (
    <section aria-labelledby="group-members-heading">
      <div className={styles.head}>
        <h3 id="group-members-heading" className={styles.heading}>
          {t('ui.group.members.heading')} · {state.memberCount}
        </h3>
        <Link onClick={props.onViewMore}>{t('ui.group.members.viewMore')}</Link>
      </div>
      <ul className={styles.grid}>
        {state.preview.map((member) => {
          return (
            <li key={member.userID}>
              <Button
                appearance="subtle"
                className={styles.tile}
                disabled={!member.canOpenCard}
                title={member.name}
                onClick={() => props.onOpenMember(member)}
              >
                <FaceAvatar name={member.name} faceURL={member.faceURL} size={40} />
                <span className={styles.tileName}>{member.name}</span>
              </Button>
            </li>
          );
        })}
        <li>
          <Button
            appearance="subtle"
            className={styles.tile}
            aria-label={t('ui.group.members.add')}
            title={t('ui.group.members.add')}
            onClick={props.onAdd}
          >
            <span className={styles.square} aria-hidden>
              <AddRegular />
            </span>
            <Text className={styles.tileName}>{t('ui.group.members.addShort')}</Text>
          </Button>
        </li>
        {state.can.kick && (
          <li>
            <Button
              appearance="subtle"
              className={styles.tile}
              aria-label={t('ui.group.members.remove')}
              title={t('ui.group.members.remove')}
              onClick={props.onRemove}
            >
              <span className={styles.square} aria-hidden>
                <SubtractRegular />
              </span>
              <Text className={styles.tileName}>{t('ui.group.members.removeShort')}</Text>
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
