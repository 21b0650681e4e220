import type { GalleryPicture } from '@teamim/application';
import Lightbox from 'yet-another-react-lightbox';
import Download from 'yet-another-react-lightbox/plugins/download';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useText } from '../../text';

/**
 * The picture viewer (spec §2): zoom, previous/next picture of the conversation, Esc closes, and
 * "save as" with the picture's name. Loaded lazily by PictureBody.
 */
export default function PictureViewer(props: {
  readonly slides: readonly GalleryPicture[];
  readonly index: number;
  readonly onClose: () => void;
}) {
  const { t } = useText();
  return (
    <Lightbox
      open
      index={props.index}
      close={props.onClose}
      plugins={[Zoom, Download]}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      // Small pictures shown at their natural size can still be zoomed in (the default stops at 1:1).
      zoom={{ maxZoomPixelRatio: 4 }}
      labels={{
        Lightbox: t('ui.media.viewer'),
        Close: t('ui.media.viewerClose'),
        Previous: t('ui.media.viewerPrevious'),
        Next: t('ui.media.viewerNext'),
        'Zoom in': t('ui.media.viewerZoomIn'),
        'Zoom out': t('ui.media.viewerZoomOut'),
        Download: t('ui.media.saveAs'),
      }}
      slides={props.slides.map((slide) => ({
        src: slide.src,
        alt: t('ui.media.pictureFrom', { name: slide.sender }),
        download: { url: slide.src, filename: slide.fileName },
      }))}
    />
  );
}
