/**
 * The file name of a `Content-Disposition: attachment; filename="…"` header (or its RFC 5987 `filename*=UTF-8''…`
 * form, which wins), without any path; null when there is none.
 */
export function filenameFrom(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}
