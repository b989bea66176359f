import { describe, expect, it } from 'vitest';
import { readConnectParam, withoutConnect } from './connect-param';

describe('readConnectParam', () => {
  it('reads a plain positive id', () => {
    expect(readConnectParam('?connect=42')).toEqual({ present: true, userId: 42 });
    expect(readConnectParam('connect=%2042%20')).toEqual({ present: true, userId: 42 });
  });

  it('is present but targets nobody when the id is not a plain integer', () => {
    expect(readConnectParam('?connect=abc')).toEqual({ present: true, userId: null });
    expect(readConnectParam('?connect=-3')).toEqual({ present: true, userId: null });
    expect(readConnectParam('?connect=')).toEqual({ present: true, userId: null });
  });

  it('is absent without the parameter', () => {
    expect(readConnectParam('?tab=collab')).toEqual({ present: false, userId: null });
  });
});

describe('withoutConnect', () => {
  it('removes only the connect parameter', () => {
    expect(withoutConnect('?connect=4')).toBe('');
    expect(withoutConnect('?tab=collab&connect=4')).toBe('?tab=collab');
  });
});
