import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ImageOffRegular } from '@fluentui/react-icons';
import {
  pictureGallery,
  type BubbleBody,
  type ChatViewModel,
  type GalleryPicture,
} from '@teamim/application';
import { lazy, Suspense, useRef, useState } from 'react';
import { useText } from '../../text';

// The viewer (yet-another-react-lightbox with zoom) loads with the first picture opened.
const PictureViewer = lazy(() => import('./PictureViewer'));

const useStyles = makeStyles({
  root: { display: 'inline-flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '100%' },
  thumb: {
    display: 'block',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    cursor: 'zoom-in',
    maxWidth: '100%',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  image: { display: 'block', maxWidth: '100%', height: 'auto', objectFit: 'cover' },
  missing: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    padding: tokens.spacingVerticalS,
  },
  progress: { width: '100%' },
});

type PictureBodyData = Extract<BubbleBody, { kind: 'picture' }>;

/** Upload progress under a picture, video or file this device is sending. */
export function UploadProgress({ progress }: { readonly progress: number | undefined }) {
  const { t } = useText();
  const styles = useStyles();
  if (progress === undefined) return null;
  return (
    <ProgressBar
      className={styles.progress}
      value={progress / 100}
      thickness="medium"
      aria-label={t('ui.media.uploading', { progress })}
    />
  );
}

/**
 * A picture as a thumbnail at its known display size (max 200 wide: no jump when it loads); clicking
 * opens the viewer on the conversation's pictures, which returns focus here when closed.
 */
export function PictureBody({ body, vm }: { readonly body: PictureBodyData; readonly vm: ChatViewModel }) {
  const { t } = useText();
  const styles = useStyles();
  const [gallery, setGallery] = useState<{
    readonly slides: readonly GalleryPicture[];
    readonly index: number;
  }>();
  const button = useRef<HTMLButtonElement>(null);
  if (body.src === undefined) {
    return (
      <span className={styles.missing}>
        <ImageOffRegular aria-hidden />
        <Text size={200}>{t('ui.media.pictureUnavailable')}</Text>
      </span>
    );
  }
  const open = () => {
    const state = vm.state;
    const slides = pictureGallery(state.status === 'open' ? state.messages : []);
    const index = slides.findIndex((slide) => slide.src === body.fullSrc);
    if (index >= 0) setGallery({ slides, index });
  };
  return (
    <span className={styles.root}>
      <button
        ref={button}
        type="button"
        className={styles.thumb}
        aria-label={t('ui.media.openPicture')}
        onClick={open}
      >
        <img
          className={styles.image}
          src={body.src}
          width={body.width}
          height={body.height}
          alt={t('ui.media.pictureFrom', { name: body.sender })}
          loading="lazy"
        />
      </button>
      <UploadProgress progress={body.progress} />
      {gallery !== undefined && (
        <Suspense fallback={null}>
          <PictureViewer
            slides={gallery.slides}
            index={gallery.index}
            onClose={() => {
              setGallery(undefined);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
