import { describe, expect, it } from 'vitest';
import { serverMessage } from './server-message';

describe('serverMessage', () => {
  it('takes the message out of a "status: {json}" error', () => {
    expect(serverMessage(new Error('401: {"message":"Invalid username or password"}'), 'x')).toBe(
      'Invalid username or password',
    );
  });

  it.each([
    ['a bare status text', new Error('500: Internal Server Error')],
    ['an HTML page', new Error('502: <html>bad gateway</html>')],
    ['JSON without a message', new Error('400: {"error":"x"}')],
    ['a blank message', new Error('400: {"message":"  "}')],
    ['a network error', new TypeError('Failed to fetch')],
    ['a non-error', 'boom'],
  ])('falls back for %s', (_, error) => {
    expect(serverMessage(error, 'Fallback.')).toBe('Fallback.');
  });
});
