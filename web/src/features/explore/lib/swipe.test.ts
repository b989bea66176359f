// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX, dragIntent, keyDirection, swipeDecision } from './swipe';

describe('swipeDecision', () => {
  it('the threshold is 100 px (spec 001 §9)', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(100);
  });

  it('a drag must go past 100 px to count', () => {
    expect(swipeDecision(100, 0)).toBeNull();
    expect(swipeDecision(-100, 0)).toBeNull();
    expect(swipeDecision(0, -100)).toBeNull();
    expect(swipeDecision(101, 0)).toBe('right');
    expect(swipeDecision(-101, 0)).toBe('left');
    expect(swipeDecision(0, -101)).toBe('up');
  });

  it('right supports, left passes, up opens the supported projects', () => {
    expect(swipeDecision(240, 30)).toBe('right');
    expect(swipeDecision(-240, -30)).toBe('left');
    expect(swipeDecision(20, -180)).toBe('up');
  });

  it('the axis the drag went furthest along decides', () => {
    expect(swipeDecision(150, -120)).toBe('right');
    expect(swipeDecision(120, -150)).toBe('up');
    expect(swipeDecision(-130, -131)).toBe('up');
    // A diagonal drag that is mostly vertical but short of the threshold upwards does not count sideways either.
    expect(swipeDecision(90, -95)).toBeNull();
  });

  it('dragging down is no gesture', () => {
    expect(swipeDecision(0, 300)).toBeNull();
    expect(swipeDecision(50, 300)).toBeNull();
  });

  it('a small wobble is no gesture', () => {
    expect(swipeDecision(0, 0)).toBeNull();
    expect(swipeDecision(40, -20)).toBeNull();
  });
});

describe('dragIntent', () => {
  it('fades in only the overlay of the direction the drag is heading, full at the threshold', () => {
    expect(dragIntent(50, 0)).toEqual({ right: 0.5, left: 0, up: 0, lift: 0.5 });
    expect(dragIntent(-250, 10)).toMatchObject({ right: 0, left: 1, up: 0, lift: 1 });
    expect(dragIntent(10, -100)).toMatchObject({ right: 0, left: 0, up: 1 });
    expect(dragIntent(0, 80)).toMatchObject({ right: 0, left: 0, up: 0 });
  });
});

describe('keyDirection', () => {
  it('maps ←, → and ↑ to the swipes, and nothing else', () => {
    expect(keyDirection('ArrowLeft')).toBe('left');
    expect(keyDirection('ArrowRight')).toBe('right');
    expect(keyDirection('ArrowUp')).toBe('up');
    expect(keyDirection('ArrowDown')).toBeNull();
    expect(keyDirection('Enter')).toBeNull();
  });
});
