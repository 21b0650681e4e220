import { makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  DocumentPdfRegular,
  DocumentRegular,
  DocumentTextRegular,
  FolderZipRegular,
  ImageRegular,
  MusicNote2Regular,
  SlideTextRegular,
  TableRegular,
  CodeRegular,
  VideoRegular,
} from '@fluentui/react-icons';
import type { BubbleBody } from '@teamim/application';
import type { FileCategory } from '@teamim/domain';
import { useText } from '../../text';
import { UploadProgress } from './PictureBody';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    width: '280px',
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontWeight: tokens.fontWeightSemibold,
  },
  size: { color: tokens.colorNeutralForeground3 },
  download: {
    display: 'inline-flex',
    padding: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontSize: '20px',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  progress: { gridColumn: '1 / -1', paddingTop: tokens.spacingVerticalXS },
});

const ICONS: Readonly<Record<FileCategory, typeof DocumentRegular>> = {
  pdf: DocumentPdfRegular,
  image: ImageRegular,
  video: VideoRegular,
  audio: MusicNote2Regular,
  archive: FolderZipRegular,
  document: DocumentTextRegular,
  spreadsheet: TableRegular,
  presentation: SlideTextRegular,
  code: CodeRegular,
  text: DocumentTextRegular,
  other: DocumentRegular,
};

type FileBodyData = Extract<BubbleBody, { kind: 'file' }>;

/** A file as a card: type icon, name (as text), size and a download that keeps the original name. */
export function FileBody({ body }: { readonly body: FileBodyData }) {
  const { t } = useText();
  const styles = useStyles();
  const Icon = ICONS[body.category];
  return (
    <span className={styles.card}>
      <Icon className={styles.icon} aria-hidden />
      <span className={styles.text}>
        <Text className={styles.name} title={body.name}>
          {body.name}
        </Text>
        <Text size={200} className={styles.size}>
          {body.size}
        </Text>
      </span>
      {body.url !== undefined ? (
        <a
          className={styles.download}
          href={body.url}
          download={body.name}
          aria-label={t('ui.media.download', { name: body.name })}
        >
          <ArrowDownloadRegular aria-hidden />
        </a>
      ) : (
        <span />
      )}
      {body.progress !== undefined && (
        <span className={styles.progress}>
          <UploadProgress progress={body.progress} />
        </span>
      )}
    </span>
  );
}
