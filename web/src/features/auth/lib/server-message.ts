/**
 * Requests throw `Error("${status}: ${bodyText || statusText}")` (spec 000 §8) and the server's error
 * body is `{"message": "..."}`. Toasts show that message, or the caller's own wording when the body
 * carries none (a bare status text such as "Internal Server Error" is not written for a person).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  try {
    const body: unknown = JSON.parse(match[1] ?? '');
    if (typeof body === 'object' && body !== null) {
      const message = (body as Record<string, unknown>).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } catch {
    // Not JSON: fall through to the caller's wording.
  }
  return fallback;
}
