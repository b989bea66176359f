import { useEffect, useRef, type PointerEvent } from 'react';
import { usePrefersReducedMotion } from '@/lib/hooks/use-reduced-motion';

/** Share of the foil that, scratched off by hand, reveals the card. */
export const REVEAL_AT = 0.45;
/** Width of the scratching finger, in CSS pixels. */
export const BRUSH_PX = 42;
/** How long the automatic wipe of the rest of the foil takes (within the 1.5 s reveal). */
export const SWEEP_MS = 1100;

/** Little four-pointed glints on the foil: [x, y] as fractions of the card, and a radius in px. */
const GLINTS: readonly [number, number, number][] = [
  [0.08, 0.22, 5],
  [0.22, 0.78, 4],
  [0.37, 0.15, 3],
  [0.63, 0.84, 4],
  [0.8, 0.2, 6],
  [0.93, 0.66, 4],
  [0.5, 0.08, 3],
];

function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  return canvas.getContext('2d', { willReadFrequently: true });
}

function glint(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y - r * 2);
  ctx.quadraticCurveTo(x, y, x + r * 2, y);
  ctx.quadraticCurveTo(x, y, x, y + r * 2);
  ctx.quadraticCurveTo(x, y, x - r * 2, y);
  ctx.quadraticCurveTo(x, y, x, y - r * 2);
  ctx.fill();
}

/** Paints a fresh foil: the brand's violet-to-orange, a satin sheen, glints and the words. Colours are tokens. */
function paintFoil(canvas: HTMLCanvasElement): boolean {
  const ctx = context(canvas);
  const { width, height } = canvas.getBoundingClientRect();
  if (!ctx || width === 0 || height === 0) return false;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);

  const css = getComputedStyle(canvas);
  const token = (name: string) => css.getPropertyValue(name).trim() || css.color;
  const ink = token('--on-solid');

  const foil = ctx.createLinearGradient(0, 0, width, height);
  foil.addColorStop(0, token('--brand-violet'));
  foil.addColorStop(1, token('--brand-orange'));
  ctx.fillStyle = foil;
  ctx.fillRect(0, 0, width, height);

  ctx.save();
  ctx.globalAlpha = 0.09;
  ctx.strokeStyle = ink;
  ctx.lineWidth = 12;
  for (let x = -height; x < width + height; x += 30) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x + height, height);
    ctx.stroke();
  }
  ctx.restore();

  ctx.save();
  ctx.fillStyle = token('--coin');
  GLINTS.forEach(([fx, fy, r], index) => {
    ctx.globalAlpha = index % 2 === 0 ? 0.95 : 0.7;
    glint(ctx, fx * width, fy * height, r);
  });
  ctx.restore();

  const display = css.getPropertyValue('--font-display').trim() || 'sans-serif';
  ctx.fillStyle = ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `800 26px ${display}`;
  ctx.fillText('SCRATCH HERE', width / 2, height / 2 - 10);
  ctx.globalAlpha = 0.92;
  ctx.font = `600 13px ${display}`;
  ctx.fillText('Drag your finger across the foil', width / 2, height / 2 + 17);
  ctx.globalAlpha = 1;
  return true;
}

/** Scratches a stroke from `a` to `b` (CSS pixels) off the foil. */
function scratchLine(
  ctx: CanvasRenderingContext2D,
  a: { x: number; y: number },
  b: { x: number; y: number },
  width = BRUSH_PX,
): void {
  ctx.save();
  ctx.globalCompositeOperation = 'destination-out';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x + 0.01, b.y);
  ctx.stroke();
  ctx.restore();
}

/** The share (0 to 1) of the foil scratched off, sampling every 8th pixel. */
export function clearedShare(canvas: HTMLCanvasElement): number {
  const ctx = context(canvas);
  if (!ctx || canvas.width === 0 || canvas.height === 0) return 0;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let clear = 0;
  let total = 0;
  for (let i = 3; i < data.length; i += 32) {
    total += 1;
    if (data[i] === 0) clear += 1;
  }
  return total === 0 ? 0 : clear / total;
}

/** A zigzag over the card, as a finger scratching it all would draw it. */
function sweepPath(width: number, height: number): { x: number; y: number }[] {
  const rows = 4;
  const points: { x: number; y: number }[] = [];
  for (let row = 0; row <= rows; row += 1) {
    const y = (height * (row + 0.5)) / (rows + 1);
    points.push(row % 2 === 0 ? { x: -10, y } : { x: width + 10, y });
    points.push(row % 2 === 0 ? { x: width + 10, y } : { x: -10, y });
  }
  return points;
}

/**
 * The scratch-off foil: a canvas over the prize that a pointer (mouse, pen or finger) scratches away. Once
 * `REVEAL_AT` of it is gone, `onScratched` fires. While `sweeping`, the rest is wiped off by itself (at once under
 * prefers-reduced-motion). Hidden from assistive technology: the card's button does the same for everyone.
 */
export function ScratchCanvas({
  enabled,
  sweeping,
  onScratched,
}: {
  enabled: boolean;
  sweeping: boolean;
  onScratched: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const moves = useRef(0);
  const touched = useRef(false);
  const reduced = usePrefersReducedMotion();

  // Paint the foil, and again when the card changes size or the display face arrives (unless scratched already).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let size = '';
    const repaint = () => {
      const { width, height } = canvas.getBoundingClientRect();
      const next = `${Math.round(width)}x${Math.round(height)}`;
      if (next === size && touched.current) return;
      if (paintFoil(canvas)) size = next;
    };
    repaint();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(repaint);
    observer?.observe(canvas);
    let alive = true;
    void document.fonts?.ready.then(() => {
      if (alive && !touched.current) paintFoil(canvas);
    });
    return () => {
      alive = false;
      observer?.disconnect();
    };
  }, []);

  // The reveal wipes off what is left.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!sweeping || !canvas) return;
    const ctx = context(canvas);
    if (!ctx) return;
    touched.current = true;
    const { width, height } = canvas.getBoundingClientRect();
    if (reduced) {
      ctx.clearRect(0, 0, width, height);
      return;
    }
    const path = sweepPath(width, height);
    const lengths = path.slice(1).map((p, i) => Math.hypot(p.x - path[i]!.x, p.y - path[i]!.y));
    const total = lengths.reduce((sum, n) => sum + n, 0);
    const brush = Math.max(BRUSH_PX, height / 3);
    let drawn = 0;
    let began: number | null = null;
    let frame = 0;
    const step = (now: number) => {
      began ??= now;
      const target = Math.min(1, (now - began) / SWEEP_MS) * total;
      // Draw the part of the zigzag between what was drawn and the target length.
      let walked = 0;
      for (let i = 0; i < lengths.length; i += 1) {
        const from = path[i]!;
        const to = path[i + 1]!;
        const length = lengths[i]!;
        const start = Math.max(drawn, walked);
        const end = Math.min(target, walked + length);
        if (end > start) {
          const at = (d: number) => ({
            x: from.x + ((to.x - from.x) * (d - walked)) / length,
            y: from.y + ((to.y - from.y) * (d - walked)) / length,
          });
          scratchLine(ctx, at(start), at(end), brush);
        }
        walked += length;
      }
      drawn = target;
      if (target < total) frame = requestAnimationFrame(step);
      else ctx.clearRect(0, 0, width, height);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [sweeping, reduced]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const check = (canvas: HTMLCanvasElement) => {
    if (clearedShare(canvas) >= REVEAL_AT) onScratched();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!enabled) return;
    const ctx = context(event.currentTarget);
    if (!ctx) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    touched.current = true;
    const p = point(event);
    last.current = p;
    scratchLine(ctx, p, p);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!enabled || !from) return;
    const ctx = context(event.currentTarget);
    if (!ctx) return;
    const p = point(event);
    scratchLine(ctx, from, p);
    last.current = p;
    moves.current += 1;
    if (moves.current % 8 === 0) check(event.currentTarget);
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    if (enabled) check(event.currentTarget);
  };

  return (
    <canvas
      ref={canvasRef}
      aria-hidden
      data-testid="scratch-foil"
      className={
        enabled
          ? 'absolute inset-0 size-full cursor-grab touch-none select-none active:cursor-grabbing'
          : 'absolute inset-0 size-full touch-none select-none'
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  );
}
