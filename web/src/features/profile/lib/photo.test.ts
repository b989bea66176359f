// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { redrawType } from './photo';

describe('redrawType', () => {
  it('keeps a picture that may be transparent transparent', () => {
    expect(redrawType({ type: 'image/png' })).toBe('image/png');
    expect(redrawType({ type: 'image/gif' })).toBe('image/png');
    expect(redrawType({ type: 'image/webp' })).toBe('image/webp');
  });

  it('redraws an opaque photo as a JPEG', () => {
    expect(redrawType({ type: 'image/jpeg' })).toBe('image/jpeg');
    expect(redrawType({ type: 'image/heic' })).toBe('image/jpeg');
    expect(redrawType({ type: '' })).toBe('image/jpeg');
  });
});
