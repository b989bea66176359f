import { QueryClient } from '@tanstack/react-query';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  errorStatus,
  failureText,
  fetchWithTimeout,
  isRequestTimeout,
  REQUEST_TIMEOUT_MS,
  RequestTimeoutError,
  timeoutFor,
  UPLOAD_TIMEOUT_MS,
  linkParam,
  nextLink,
  parseRetryAfter,
  requestUntyped,
  serverMessage,
  tooManyTries,
  tooManyTriesText,
  unwrap,
  unwrapPage,
  waitText,
} from '@/lib/api/client';
import { apiKey, invalidatePath, keyIsUnder } from '@/lib/api/query-keys';
import { defaultQueryFn } from '@/lib/query-client';
import { http, notFromTheServer } from '@/test/http';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

describe('the typed client', () => {
  it('throws an ApiError whose message is "status: body", with the status and the parsed body', async () => {
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
    );
    const error = await unwrap(api.GET('/api/auth/user')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '401: {"message":"Unauthorized"}',
      status: 401,
      text: '{"message":"Unauthorized"}',
      body: { message: 'Unauthorized' },
    });
  });

  it('uses the status text when the body is empty, and has no parsed body then', async () => {
    server.use(
      http.get(
        '/api/auth/user',
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const error = await unwrap(api.GET('/api/auth/user')).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: '503: Service Unavailable', status: 503, body: null });
  });

  it('keeps a body that is not our JSON as text', async () => {
    server.use(
      http.get('/api/auth/user', () =>
        notFromTheServer(new HttpResponse('<html>bad gateway</html>', { status: 502 })),
      ),
    );
    const error = await unwrap(api.GET('/api/auth/user')).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: '502: <html>bad gateway</html>', status: 502, body: null });
  });

  it('sends JSON only when a body is given, always with credentials', async () => {
    const seen: { type: string | null; body: string; credentials: RequestCredentials }[] = [];
    const record = async (request: Request) =>
      seen.push({
        type: request.headers.get('content-type'),
        body: await request.text(),
        credentials: request.credentials,
      });
    server.use(
      http.post('/api/auth/check-email', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ available: true });
      }),
      http.post('/api/auth/logout', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    await expect(unwrap(api.POST('/api/auth/check-email', { body: { email: 'a@b.c' } }))).resolves.toEqual({
      available: true,
    });
    await unwrap(api.POST('/api/auth/logout'));
    expect(seen[0]).toEqual({ type: 'application/json', body: '{"email":"a@b.c"}', credentials: 'include' });
    expect(seen[1]).toEqual({ type: null, body: '', credentials: 'include' });
  });

  it('gives undefined for a 204', async () => {
    server.use(http.post('/api/auth/forget-remembered', () => new HttpResponse(null, { status: 204 })));
    await expect(
      unwrap(api.POST('/api/auth/forget-remembered', { body: { username: 'a', rememberToken: 't' } })),
    ).resolves.toBeUndefined();
  });

  it('requestUntyped reaches paths the schema does not list, with the same errors', async () => {
    server.use(
      http.post('/api/connections/auto-connect', () =>
        HttpResponse.json({ message: 'User not found' }, { status: 404 }),
      ),
    );
    await expect(
      requestUntyped('POST', '/api/connections/auto-connect', { body: { targetUserId: 3 } }),
    ).rejects.toMatchObject({ status: 404, body: { message: 'User not found' } });
  });
});

describe('pages (Link: <…>; rel="next")', () => {
  it('unwrapPage keeps the next link the answer announces', async () => {
    server.use(
      http.get('/api/notifications', () =>
        HttpResponse.json([], { headers: { Link: '</api/notifications?cursor=abc&limit=20>; rel="next"' } }),
      ),
    );
    const page = await unwrapPage(api.GET('/api/notifications', { params: { query: { limit: 20 } } }));
    expect(page).toEqual({ data: [], next: '/api/notifications?cursor=abc&limit=20' });
    expect(linkParam(page.next!, 'cursor')).toBe('abc');
  });

  it('unwrapPage gives no next link on the last page', async () => {
    server.use(http.get('/api/notifications', () => HttpResponse.json([])));
    await expect(unwrapPage(api.GET('/api/notifications'))).resolves.toEqual({ data: [], next: null });
  });

  it.each([
    ['</a?cursor=1>; rel="next"', '/a?cursor=1'],
    ['</a?cursor=1>; rel=next', '/a?cursor=1'],
    ['</p>; rel="prev", </n>; rel="next"', '/n'],
    ['</n>; title="x"; rel="last next"', '/n'],
    ['</p>; rel="prev"', null],
    ['', null],
    [null, null],
  ])('nextLink(%j) is %j', (header, next) => {
    expect(nextLink(header)).toBe(next);
  });
});

describe('error helpers', () => {
  it('errorStatus reads the status of an ApiError only', () => {
    expect(errorStatus(new ApiError(429, '', null))).toBe(429);
    expect(errorStatus(new Error('401: looks like one'))).toBeNull();
    expect(errorStatus('nope')).toBeNull();
  });

  it.each([
    ['a bare status text', new ApiError(500, '', null, 'Internal Server Error')],
    ['an HTML page', new ApiError(502, '<html>bad gateway</html>', null)],
    ['a blank message', new ApiError(400, '{"message":"  "}', { message: '  ' })],
    ['a network error', new TypeError('Failed to fetch')],
    ['a non-error', 'boom'],
  ])('serverMessage falls back for %s', (_, error) => {
    expect(serverMessage(error, 'Fallback.')).toBe('Fallback.');
  });

  it('serverMessage gives the server message', () => {
    const error = new ApiError(401, '{"message":"Invalid username or password"}', {
      message: 'Invalid username or password',
    });
    expect(serverMessage(error, 'x')).toBe('Invalid username or password');
  });
});

describe('too many tries (429 with Retry-After)', () => {
  it('reads Retry-After from the answer into the error, and says how long to wait', async () => {
    server.use(
      http.post('/api/connections/scan', () =>
        HttpResponse.json(
          { message: 'Too many requests' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    const error = await unwrap(api.POST('/api/connections/scan', { body: { code: 'abc' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 429, retryAfter: 42 });
    expect(tooManyTries(error)).toBe('Too many tries. Wait 42 s and try again.');
    // Every screen that shows the server's message or its own wording shows the wait instead.
    expect(serverMessage(error, 'Failed to connect')).toBe('Too many tries. Wait 42 s and try again.');
    expect(failureText(error, 'Failed to connect')).toBe('Too many tries. Wait 42 s and try again.');
  });

  it('says minutes when the wait is long, rounded up, and hours past two hours', () => {
    expect(tooManyTriesText(59)).toBe('Too many tries. Wait 59 s and try again.');
    expect(tooManyTriesText(60)).toBe('Too many tries. Wait 1 min and try again.');
    expect(tooManyTriesText(720)).toBe('Too many tries. Wait 12 min and try again.');
    expect(tooManyTriesText(721)).toBe('Too many tries. Wait 13 min and try again.');
    expect(tooManyTriesText(3 * 3600)).toBe('Too many tries. Wait 3 h and try again.');
    expect(waitText(0)).toBe('1 s');
  });

  it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 7 ', now)).toBe(7);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("without Retry-After keeps the server's message, else asks to wait a moment", () => {
    const said = new ApiError(429, '{"message":"Too many attempts."}', { message: 'Too many attempts.' });
    expect(serverMessage(said, 'x')).toBe('Too many attempts.');
    expect(failureText(new ApiError(429, '', null), 'x')).toBe(
      'Too many tries. Wait a moment and try again.',
    );
  });

  it('leaves every other failure alone', () => {
    const refused = new ApiError(403, '{"message":"Blocked"}', { message: 'Blocked' }, '', 30);
    expect(tooManyTries(refused)).toBeNull();
    expect(failureText(refused, 'Failed to connect')).toBe('Failed to connect');
    expect(failureText(new TypeError('Failed to fetch'), 'Failed to connect')).toBe('Failed to connect');
  });
});

describe('query keys', () => {
  it('are the path, then the query parameters when there are any', () => {
    expect(apiKey('/api/auth/user')).toEqual(['/api/auth/user']);
    expect(apiKey('/api/projects', {})).toEqual(['/api/projects']);
    expect(apiKey('/api/projects', { owner: 'me', cursor: undefined })).toEqual([
      '/api/projects',
      { owner: 'me' },
    ]);
  });

  it('a path covers its parameters and the paths under it', () => {
    expect(keyIsUnder(['/api/projects'], '/api/projects')).toBe(true);
    expect(keyIsUnder(['/api/projects', { owner: 'me' }], '/api/projects')).toBe(true);
    expect(keyIsUnder(['/api/projects/12/messages'], '/api/projects')).toBe(true);
    expect(keyIsUnder(['/api/projects-archive'], '/api/projects')).toBe(false);
    expect(keyIsUnder(['/api/project'], '/api/projects')).toBe(false);
    expect(keyIsUnder([{ not: 'a path' }], '/api/projects')).toBe(false);
  });

  it('invalidating a path marks its sub-lists stale and leaves the rest', async () => {
    const client = new QueryClient();
    const keys = [
      ['/api/projects'],
      ['/api/projects', { owner: 'me' }],
      ['/api/projects/3/messages'],
      ['/api/auth/user'],
    ];
    for (const key of keys) client.setQueryData(key, 'cached');
    await invalidatePath(client, '/api/projects');
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });

  it('the default reader GETs the key path with its query parameters', async () => {
    const urls: string[] = [];
    server.use(
      http.get('/api/projects', ({ request }) => {
        urls.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    const client = new QueryClient({
      defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } },
    });
    await client.fetchQuery({ queryKey: apiKey('/api/projects', { owner: 'me' }) });
    await client.fetchQuery({ queryKey: apiKey('/api/projects') });
    expect(urls).toEqual(['?owner=me', '']);
  });
});

describe('time limits', () => {
  afterEach(() => vi.useRealTimers());

  /** An answer that never comes (a network that holds the request). */
  const neverAnswer = () => server.use(http.get('/api/auth/user', () => delay('infinite')));

  it('every call through the client is given up after 20 s with a RequestTimeoutError, not an answer', async () => {
    neverAnswer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = unwrap(api.GET('/api/auth/user')).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void call.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(isRequestTimeout(error)).toBe(true);
    // No status: it is not the server's answer (errorStatus is what tells answers from failures to reach it).
    expect(errorStatus(error)).toBeNull();
  });

  it('a call that takes longer than its limit is given up, one within it is answered', async () => {
    server.use(
      http.get('/api/auth/user', async ({ request }) => {
        await delay(new URL(request.url).searchParams.get('slow') ? 200 : 0);
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
    );
    const slow = await fetchWithTimeout(new Request(`${location.origin}/api/auth/user?slow=1`), 30).catch(
      (e: unknown) => e,
    );
    expect(slow).toBeInstanceOf(RequestTimeoutError);
    const quick = await fetchWithTimeout(new Request(`${location.origin}/api/auth/user`), 1_000);
    expect(quick.status).toBe(401);
  });

  it('the caller’s own abort still aborts (and is not reported as a time-out)', async () => {
    neverAnswer();
    const controller = new AbortController();
    const call = unwrap(api.GET('/api/auth/user', { signal: controller.signal })).catch((e: unknown) => e);
    controller.abort();
    const error = await call;
    expect(isRequestTimeout(error)).toBe(false);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('JSON calls get 20 s, uploads (a multipart body) 2 min', () => {
    const json = new Request(`${location.origin}/api/messages`, {
      method: 'POST',
      body: JSON.stringify({ content: 'hi' }),
      headers: { 'Content-Type': 'application/json' },
    });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    const upload = new Request(`${location.origin}/api/upload`, { method: 'POST', body: form });
    expect(timeoutFor(json)).toBe(REQUEST_TIMEOUT_MS);
    expect(timeoutFor(new Request(`${location.origin}/api/auth/user`))).toBe(20_000);
    expect(timeoutFor(upload)).toBe(UPLOAD_TIMEOUT_MS);
    // A file on its way down (the data export, a project's PDF) has as long as an upload.
    expect(timeoutFor(new Request(`${location.origin}/api/account/export`))).toBe(UPLOAD_TIMEOUT_MS);
    expect(
      timeoutFor(new Request(`${location.origin}/api/projects/7/download-pdf`, { method: 'POST' })),
    ).toBe(UPLOAD_TIMEOUT_MS);
    expect(UPLOAD_TIMEOUT_MS).toBe(120_000);
  });
});
