// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readConnectParam, withoutConnect } from './connect-param';

describe('readConnectParam', () => {
  it('reads a connect code, trimmed', () => {
    expect(readConnectParam('?connect=k3J9-x_Qa')).toEqual({ present: true, code: 'k3J9-x_Qa' });
    expect(readConnectParam('connect=%20a1b2c3%20')).toEqual({ present: true, code: 'a1b2c3' });
  });

  it('is present but names nobody when the value is not a code', () => {
    expect(readConnectParam('?connect=a%2Fb')).toEqual({ present: true, code: null });
    expect(readConnectParam('?connect=%3Cscript%3E')).toEqual({ present: true, code: null });
    expect(readConnectParam('?connect=')).toEqual({ present: true, code: null });
  });

  it('is absent without the parameter', () => {
    expect(readConnectParam('?tab=collab')).toEqual({ present: false, code: null });
  });
});

describe('withoutConnect', () => {
  it('removes only the connect parameter', () => {
    expect(withoutConnect('?connect=abc')).toBe('');
    expect(withoutConnect('?tab=collab&connect=abc')).toBe('?tab=collab');
  });
});
