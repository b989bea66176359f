// The only place that calls fetch (spec 000 §7, §8).

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  // spec 000 §8: "status: body text" (or the status text when the body is empty).
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

export interface RequestOptions {
  /** Aborts the request on the network (e.g. a superseded availability check). */
  signal?: AbortSignal;
}

/** Send a request with the session cookie; JSON body only when one is given. Throws on any non-OK answer. */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', signal: options.signal };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  await throwIfNotOk(res);
  return res;
}

/** Like apiRequest, then parses the JSON answer (undefined for 204 / empty bodies). */
export async function apiJson<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await apiRequest(method, path, body, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Status code of an error thrown by apiRequest ("401: ..." → 401), or null. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const m = /^(\d{3}): /.exec(error.message);
  return m ? Number(m[1]) : null;
}

/**
 * The human message of an error thrown by apiRequest: the `message` field of a JSON body
 * ("401: {\"message\":\"Invalid username or password\"}" → "Invalid username or password"),
 * else the text after the status, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const m = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!m) return error.message || fallback;
  const rest = (m[1] ?? '').trim();
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const msg = parsed.message;
      if (typeof msg === 'string' && msg) return msg;
    }
  } catch {
    // not JSON: use the text itself
  }
  return rest && !rest.startsWith('<') ? rest : fallback;
}
