import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { retryingImport } from '../retrying-import';

// The encoder loads with the QR tab, not with the sign-in page (its budget is 200 KB gzip).
const loadEncoder = retryingImport(() => import('qrcode'));

/** Pixels of the drawn code; shown at half for sharp modules on high-density screens. */
const DRAWN_PX = 448;

const useStyles = makeStyles({
  frame: {
    display: 'grid',
    placeItems: 'center',
    width: '224px',
    height: '224px',
    // Scanners need dark modules on a light ground, in either theme: the code keeps its white quiet zone.
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  image: { width: '224px', height: '224px', borderRadius: tokens.borderRadiusLarge },
});

/**
 * `text` as a QR code image, named by `label` for screen readers (the link itself is shown as text
 * beside it). Error correction M, as messengers' linking codes use: a phone reads it from a screen.
 */
export function QrCodeImage({ text, label }: { readonly text: string; readonly label: string }) {
  const styles = useStyles();
  const [drawn, setDrawn] = useState<{ readonly text: string; readonly url: string } | undefined>();
  useEffect(() => {
    let current = true;
    void loadEncoder()
      .then((encoder) => encoder.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: DRAWN_PX }))
      .then((url) => {
        if (current) setDrawn({ text, url });
      })
      // Without an image the link below the code still serves (the spinner stays as a placeholder).
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [text]);
  return (
    <div className={styles.frame}>
      {drawn?.text === text ? (
        <img className={styles.image} src={drawn.url} alt={label} width={224} height={224} />
      ) : (
        <Spinner size="small" aria-hidden="true" />
      )}
    </div>
  );
}
