import { Body1, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { retryingImport } from '../retrying-import';
import { useQrText } from '../common/qr-text';

// The decoder (and its worker) loads when the camera opens, never with the app.
const loadScanner = retryingImport(() => import('qr-scanner'));

const useStyles = makeStyles({
  frame: {
    position: 'relative',
    display: 'grid',
    placeItems: 'center',
    width: '100%',
    aspectRatio: '4 / 3',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  video: { width: '100%', height: '100%', objectFit: 'cover' },
  hidden: { display: 'none' },
  overlay: { position: 'absolute' },
});

type CameraState = 'starting' | 'running' | 'unavailable';

/**
 * The camera's picture, decoded by qr-scanner (a maintained library: a worker, or the browser's own
 * BarcodeDetector where there is one). Each distinct text it reads goes to `onDecoded` once; the
 * camera stops when the component goes.
 */
export function QrCamera({ onDecoded }: { readonly onDecoded: (text: string) => void }) {
  const styles = useStyles();
  const { qt } = useQrText();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const decoded = useRef(onDecoded);
  decoded.current = onDecoded;

  useEffect(() => {
    const element = video.current;
    if (element === null) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    let last = '';
    void loadScanner()
      .then(async ({ default: QrScanner }) => {
        if (stopped) return;
        const scanner = new QrScanner(
          element,
          (result) => {
            if (result.data === last) return;
            last = result.data;
            decoded.current(result.data);
          },
          { preferredCamera: 'environment', maxScansPerSecond: 10, returnDetailedScanResult: true },
        );
        stop = () => {
          scanner.stop();
          scanner.destroy();
        };
        await scanner.start();
        if (stopped) stop();
        else setCamera('running');
      })
      .catch(() => {
        if (!stopped) setCamera('unavailable');
      });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  return (
    <>
      <Body1>{qt('ui.qr.confirm.camera')}</Body1>
      <div className={styles.frame}>
        <video
          ref={video}
          className={camera === 'unavailable' ? styles.hidden : styles.video}
          aria-label={qt('ui.qr.confirm.video')}
          muted
          playsInline
        />
        {camera === 'starting' && (
          <Spinner className={styles.overlay} label={qt('ui.qr.confirm.startingCamera')} />
        )}
      </div>
      {camera === 'unavailable' && (
        <MessageBar intent="warning">
          <MessageBarBody>{qt('ui.qr.confirm.noCamera')}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
