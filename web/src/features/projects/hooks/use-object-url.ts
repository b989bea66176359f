import { useCallback } from 'react';

/**
 * A ref for an `<img>` that shows a file picked on this device: the object URL is made when the image mounts (or
 * the file changes) and released when it goes (React 19 ref cleanup), so previews never leak.
 */
export function useObjectUrlRef(file: File): (image: HTMLImageElement | null) => (() => void) | undefined {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || typeof URL.createObjectURL !== 'function') return undefined;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
}
