import { useEffect, useState } from 'react';

/**
 * An object URL showing a file the user has just picked, while `shown` (the view model still holds it);
 * released when the file changes, when it is no longer shown and on unmount.
 */
export function usePickedPreview(file: File | undefined, shown: boolean): string | undefined {
  const [url, setURL] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (file === undefined || !shown) {
      setURL(undefined);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setURL(created);
    return () => URL.revokeObjectURL(created);
  }, [file, shown]);
  return url;
}
