// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, previewText, supportersText } from './text';

describe('previewText', () => {
  it('keeps a text of up to 100 characters whole', () => {
    const hundred = 'x'.repeat(100);
    expect(previewText(hundred)).toEqual({ text: hundred, truncated: false });
    expect(previewText('Short news')).toEqual({ text: 'Short news', truncated: false });
  });

  it('cuts a longer one at 100 characters with an ellipsis', () => {
    const long = `${'a'.repeat(100)}bcd`;
    const preview = previewText(long);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'a'.repeat(100)}...`);
  });

  it('counts characters as people see them: an emoji is never cut in half', () => {
    const text = `${'a'.repeat(99)}🌱🌱🌱`;
    expect(previewText(text).text).toBe(`${'a'.repeat(99)}🌱...`);
  });
});

describe('formatDate', () => {
  it('reads a timestamp as a day', () => {
    expect(formatDate('2026-03-03T12:00:00Z')).toBe('3 Mar 2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('supportersText', () => {
  it('says supporter or supporters', () => {
    expect(supportersText(1)).toBe('1 supporter');
    expect(supportersText(0)).toBe('0 supporters');
    expect(supportersText(1200)).toBe('1,200 supporters');
  });
});
