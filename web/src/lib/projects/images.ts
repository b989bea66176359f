/** How a project's pictures are shown wherever it appears: the thumbnail of an upload, the letter without one. */

/**
 * The 256 px thumbnail the server keeps beside every uploaded picture (`/api/files/abc.png` →
 * `/api/files/abc_256.png`; pictures keep their format), for small sizes; any other address (a data URL, a GIF,
 * another site's picture) is returned as it is.
 */
export function thumbnailUrl(url: string): string {
  const match = /^(\/api\/files\/[^/?#]+)\.(jpg|png|webp)$/.exec(url);
  if (!match || match[1]!.endsWith('_256')) return url;
  return `${match[1]}_256.${match[2]}`;
}

/** The letter on a project's placeholder when it has no picture. */
export function projectInitial(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '?';
}
