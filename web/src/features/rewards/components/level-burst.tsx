import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '@/lib/hooks/use-reduced-motion';

const PARTICLES = 14;
export const BURST_MS = 900;

/**
 * The level-up burst (shared/STYLE.md): coin-gold and white sparks flying out from the level badge, once per
 * mount (key it by the level-ups seen). Nothing at all under prefers-reduced-motion.
 */
export function LevelBurst() {
  const reduced = usePrefersReducedMotion();
  const root = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const container = root.current;
    if (reduced || !container || typeof container.animate !== 'function') return;
    const animations: Animation[] = [];
    container.querySelectorAll<HTMLElement>('[data-spark]').forEach((spark, index) => {
      const angle = (index / PARTICLES) * Math.PI * 2;
      const distance = 46 + (index % 3) * 14;
      const x = Math.cos(angle) * distance;
      const y = Math.sin(angle) * distance;
      animations.push(
        spark.animate(
          [
            { transform: 'translate(-50%, -50%) scale(0.4)', opacity: 1 },
            {
              transform: `translate(calc(-50% + ${x}px), calc(-50% + ${y}px)) scale(1)`,
              opacity: 1,
              offset: 0.6,
            },
            {
              transform: `translate(calc(-50% + ${x * 1.2}px), calc(-50% + ${y * 1.2}px)) scale(0.2)`,
              opacity: 0,
            },
          ],
          { duration: BURST_MS, easing: 'cubic-bezier(0.2, 0.8, 0.3, 1)', fill: 'forwards' },
        ),
      );
    });
    animations.push(
      container.animate(
        [
          { boxShadow: '0 0 0 0 var(--coin)', opacity: 1 },
          { boxShadow: '0 0 0 28px transparent', opacity: 1 },
        ],
        { duration: BURST_MS * 0.7, easing: 'ease-out' },
      ),
    );
    return () => animations.forEach((animation) => animation.cancel());
  }, [reduced]);

  if (reduced) return null;
  return (
    <span
      ref={root}
      aria-hidden
      data-testid="level-burst"
      className="pointer-events-none absolute inset-0 rounded-2xl"
    >
      {Array.from({ length: PARTICLES }, (_, index) => (
        <span
          key={index}
          data-spark
          className={
            index % 2 === 0
              ? 'absolute left-1/2 top-1/2 size-2.5 rounded-full bg-coin opacity-0'
              : 'absolute left-1/2 top-1/2 size-2 rotate-45 rounded-[2px] bg-on-solid opacity-0'
          }
        />
      ))}
    </span>
  );
}
