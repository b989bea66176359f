// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { projectInitial, thumbnailUrl } from './images';

describe('thumbnailUrl', () => {
  it('points an uploaded picture at its 256 px thumbnail, and leaves any other address alone', () => {
    expect(thumbnailUrl('/api/files/abc.jpg')).toBe('/api/files/abc_256.jpg');
    expect(thumbnailUrl('/api/files/abc_256.jpg')).toBe('/api/files/abc_256.jpg');
    expect(thumbnailUrl('/api/files/abc.png')).toBe('/api/files/abc_256.png');
    expect(thumbnailUrl('/api/files/abc_256.png')).toBe('/api/files/abc_256.png');
    expect(thumbnailUrl('/api/files/abc.webp')).toBe('/api/files/abc_256.webp');
    expect(thumbnailUrl('/api/files/abc.gif')).toBe('/api/files/abc.gif');
    expect(thumbnailUrl('data:image/png;base64,aGk=')).toBe('data:image/png;base64,aGk=');
    expect(thumbnailUrl('https://elsewhere.example/a.jpg')).toBe('https://elsewhere.example/a.jpg');
  });
});

describe('projectInitial', () => {
  it('is the first letter of the title', () => {
    expect(projectInitial('ledgerly')).toBe('L');
    expect(projectInitial('  Ödön')).toBe('Ö');
    expect(projectInitial('')).toBe('?');
  });
});
