/** The longest side a profile photo is sent at: plenty for a 256 px avatar, far under the server's 8 MB. */
export const PHOTO_MAX_SIDE_PX = 1600;
const SENT_AS_IS = ['image/png', 'image/jpeg', 'image/webp'];
const SMALL_BYTES = 1024 * 1024;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The file could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The type a photo is redrawn as: a format that may be transparent keeps its transparency (PNG and GIF as PNG,
 * WebP as WebP), an opaque one (JPEG, an iPhone's HEIC, anything else) becomes a JPEG.
 */
export function redrawType(file: Pick<File, 'type'>): 'image/png' | 'image/webp' | 'image/jpeg' {
  if (file.type === 'image/png' || file.type === 'image/gif') return 'image/png';
  if (file.type === 'image/webp') return 'image/webp';
  return 'image/jpeg';
}

/**
 * A picked photo as a data URL (spec 000 §5: the photo is sent as an encoded data string). A small PNG, JPEG or
 * WebP goes as it is; anything larger, or another format the browser can decode (an iPhone's HEIC), is redrawn at
 * most 1600 px, keeping a transparent picture transparent ({@link redrawType}). The server judges the content and
 * strips what the file carries (EXIF, GPS).
 */
export async function photoDataUrl(file: File): Promise<string> {
  if (SENT_AS_IS.includes(file.type) && file.size <= SMALL_BYTES) return readAsDataUrl(file);
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    // A browser that cannot write WebP writes a PNG instead (toDataURL falls back to PNG for a type it lacks, and
    // the data URL's prefix says which it wrote): transparent either way, and the server reads the content.
    return canvas.toDataURL(redrawType(file), 0.9);
  } catch {
    // The browser cannot redraw it: send it as it is and let the server judge.
    return readAsDataUrl(file);
  }
}
