import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { BubbleBody } from '@teamim/application';
import { useText } from '../../text';
import { UploadProgress } from './PictureBody';

const useStyles = makeStyles({
  root: { display: 'inline-flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '100%' },
  video: {
    display: 'block',
    maxWidth: '100%',
    height: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  link: { color: tokens.colorBrandForegroundLink },
});

type VideoBodyData = Extract<BubbleBody, { kind: 'video' }>;

/** A video with its poster and the browser's player, its length and size, and "save as". */
export function VideoBody({ body }: { readonly body: VideoBodyData }) {
  const { t } = useText();
  const styles = useStyles();
  return (
    <span className={styles.root}>
      {body.src === undefined ? (
        body.poster !== undefined && (
          <img className={styles.video} src={body.poster} width={body.width} height={body.height} alt="" />
        )
      ) : (
        <video
          className={styles.video}
          src={body.src}
          poster={body.poster}
          width={body.width}
          height={body.height}
          controls
          preload="none"
          aria-label={t('ui.media.video', { duration: body.duration })}
        />
      )}
      <UploadProgress progress={body.progress} />
      <Text size={200} className={styles.meta}>
        {`${body.duration} · ${body.size} `}
        {body.src !== undefined && (
          <a className={styles.link} href={body.src} download={body.fileName}>
            {t('ui.media.saveAs')}
          </a>
        )}
      </Text>
    </span>
  );
}
