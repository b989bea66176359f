import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScratchCanvas } from './scratch-canvas';

/** A stand-in 2D context: records strokes; `cleared` says what share of pixels getImageData finds transparent. */
function fakeContext(cleared: () => number) {
  const ctx = {
    strokes: 0,
    setTransform: vi.fn(),
    createLinearGradient: () => ({ addColorStop: vi.fn() }),
    fillRect: vi.fn(),
    clearRect: vi.fn(),
    save: vi.fn(),
    restore: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    quadraticCurveTo: vi.fn(),
    fill: vi.fn(),
    fillText: vi.fn(),
    stroke() {
      ctx.strokes += 1;
    },
    getImageData: (_x: number, _y: number, w: number, h: number) => {
      const data = new Uint8ClampedArray(w * h * 4).fill(255);
      const clearPixels = Math.floor(w * h * cleared());
      for (let p = 0; p < clearPixels; p += 1) data[p * 4 + 3] = 0;
      return { data };
    },
  };
  return ctx;
}

function arrange(share: { value: number }) {
  const ctx = fakeContext(() => share.value);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as RenderingContext);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 320, height: 160 }),
  );
  return ctx;
}

describe('ScratchCanvas', () => {
  it('scratches along a pointer drag, and reveals once enough of the foil is gone', () => {
    const share = { value: 0 };
    const ctx = arrange(share);
    const onScratched = vi.fn();
    render(<ScratchCanvas enabled sweeping={false} onScratched={onScratched} />);
    const foil = screen.getByTestId('scratch-foil');
    expect(foil).toHaveAttribute('aria-hidden', 'true');

    fireEvent.pointerDown(foil, { clientX: 10, clientY: 20, pointerId: 1 });
    for (let x = 20; x <= 300; x += 20)
      fireEvent.pointerMove(foil, { clientX: x, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(foil, { clientX: 300, clientY: 40, pointerId: 1 });
    expect(ctx.strokes).toBeGreaterThan(10);
    expect(onScratched).not.toHaveBeenCalled();

    share.value = 0.6;
    fireEvent.pointerDown(foil, { clientX: 10, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(foil, { clientX: 300, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(foil, { clientX: 300, clientY: 100, pointerId: 1 });
    expect(onScratched).toHaveBeenCalled();
  });

  it('ignores the pointer while the card is not scratchable', () => {
    const ctx = arrange({ value: 1 });
    const onScratched = vi.fn();
    render(<ScratchCanvas enabled={false} sweeping={false} onScratched={onScratched} />);
    const foil = screen.getByTestId('scratch-foil');
    const before = ctx.strokes;
    fireEvent.pointerDown(foil, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(foil, { clientX: 200, clientY: 20, pointerId: 1 });
    fireEvent.pointerUp(foil, { clientX: 200, clientY: 20, pointerId: 1 });
    expect(ctx.strokes).toBe(before);
    expect(onScratched).not.toHaveBeenCalled();
  });

  it('under reduced motion, the reveal clears the foil at once instead of sweeping it', () => {
    const ctx = arrange({ value: 0 });
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const { rerender } = render(<ScratchCanvas enabled sweeping={false} onScratched={() => {}} />);
    rerender(<ScratchCanvas enabled={false} sweeping onScratched={() => {}} />);
    expect(ctx.clearRect).toHaveBeenCalledWith(0, 0, 320, 160);
    expect(frames).not.toHaveBeenCalled();
  });
});
