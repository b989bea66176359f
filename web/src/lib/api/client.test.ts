import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  ApiError,
  errorStatus,
  linkParam,
  nextLink,
  requestUntyped,
  serverMessage,
  unwrap,
  unwrapPage,
} from '@/lib/api/client';
import { apiKey, invalidatePath, keyIsUnder } from '@/lib/api/query-keys';
import { defaultQueryFn } from '@/lib/query-client';
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
      http.get('/api/auth/user', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })),
    );
    const error = await unwrap(api.GET('/api/auth/user')).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: '502: <html>bad gateway</html>', status: 502, body: null });
  });

  it('sends JSON only when a body is given, always with credentials', async () => {
    const seen: { type: string | null; body: string; credentials: RequestCredentials }[] = [];
    const record = async ({ request }: { request: Request }) => {
      seen.push({
        type: request.headers.get('content-type'),
        body: await request.text(),
        credentials: request.credentials,
      });
      return HttpResponse.json({ available: true });
    };
    server.use(http.post('/api/auth/check-email', record), http.post('/api/auth/logout', record));
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
