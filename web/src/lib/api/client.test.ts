import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiJson, apiRequest, errorMessage, errorStatus } from '@/lib/api/client';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

describe('apiRequest', () => {
  it('throws "status: body" on a non-OK answer', async () => {
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
    );
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toThrow('401: {"message":"Unauthorized"}');
  });

  it('uses the status text when the body is empty', async () => {
    server.use(
      http.get(
        '/api/thing',
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends JSON only when a body is given, with credentials', async () => {
    const seen: { type: string | null; body: string; credentials: RequestCredentials }[] = [];
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen.push({
          type: request.headers.get('content-type'),
          body: await request.text(),
          credentials: request.credentials,
        });
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('POST', '/api/echo', { a: 1 });
    await apiRequest('POST', '/api/echo');
    expect(seen[0]).toMatchObject({ type: 'application/json', body: '{"a":1}' });
    expect(seen[1]).toMatchObject({ type: null, body: '' });
  });

  it('apiJson parses the answer and gives undefined for 204', async () => {
    server.use(
      http.get('/api/a', () => HttpResponse.json({ available: true })),
      http.post('/api/b', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(apiJson('GET', '/api/a')).resolves.toEqual({ available: true });
    await expect(apiJson('POST', '/api/b')).resolves.toBeUndefined();
  });
});

describe('error helpers', () => {
  it('read the status and the server message', () => {
    const error = new Error('401: {"message":"Invalid username or password"}');
    expect(errorStatus(error)).toBe(401);
    expect(errorMessage(error, 'fallback')).toBe('Invalid username or password');
    expect(errorMessage(new Error('500: '), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('429: Too Many Requests'), 'fallback')).toBe('Too Many Requests');
    expect(errorMessage('nope', 'fallback')).toBe('fallback');
  });
});
