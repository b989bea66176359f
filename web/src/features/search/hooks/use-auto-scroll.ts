import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How fast the carousel drifts, in CSS pixels a second. */
export const DRIFT_PX_PER_S = 28;
/** After a touch ends, it waits this long before drifting again. */
const RESUME_AFTER_TOUCH_MS = 2500;
/** At the end it rests this long, then glides back to the start. */
const REST_AT_END_MS = 2000;

/**
 * A horizontal list that drifts by itself (spec 001 §2.2 "auto-scrolling"), held while a finger or the pointer is
 * on it or focus is inside it, stopped by the person (the pause button: WCAG 2.2.2) and never moving under
 * prefers-reduced-motion or while the page is hidden. Returns the handlers to spread on the scroller.
 */
export function useAutoScroll(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  const [stopped, setStopped] = useState(false);
  const held = useRef({ pointer: false, touch: false, focus: false });
  const touchTimer = useRef<number | null>(null);
  const running = enabled && !stopped;

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let last = performance.now();
    let carry = 0;
    let restUntil = 0;
    let endSince: number | null = null;
    const step = (now: number) => {
      const dt = Math.min(now - last, 100);
      last = now;
      const el = ref.current;
      const { pointer, touch, focus } = held.current;
      if (el && !pointer && !touch && !focus && now >= restUntil && document.visibilityState !== 'hidden') {
        const max = el.scrollWidth - el.clientWidth;
        if (max > 1) {
          if (el.scrollLeft >= max - 1) {
            // Rest at the end, then glide back to the first card.
            if (endSince === null) endSince = now;
            else if (now - endSince > REST_AT_END_MS) {
              el.scrollTo({ left: 0, behavior: 'smooth' });
              endSince = null;
              restUntil = now + REST_AT_END_MS;
            }
          } else {
            carry += (DRIFT_PX_PER_S * dt) / 1000;
            const whole = Math.floor(carry);
            if (whole >= 1) {
              el.scrollLeft += whole;
              carry -= whole;
            }
          }
        }
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running, ref]);

  useEffect(
    () => () => {
      if (touchTimer.current !== null) clearTimeout(touchTimer.current);
    },
    [],
  );

  const handlers = {
    onPointerEnter: (event: { pointerType: string }) => {
      if (event.pointerType === 'mouse') held.current.pointer = true;
    },
    onPointerLeave: (event: { pointerType: string }) => {
      if (event.pointerType === 'mouse') held.current.pointer = false;
    },
    onTouchStart: () => {
      if (touchTimer.current !== null) clearTimeout(touchTimer.current);
      held.current.touch = true;
    },
    onTouchEnd: () => {
      touchTimer.current = window.setTimeout(() => {
        held.current.touch = false;
      }, RESUME_AFTER_TOUCH_MS);
    },
    onFocus: () => {
      held.current.focus = true;
    },
    onBlur: (event: { currentTarget: HTMLElement; relatedTarget: EventTarget | null }) => {
      if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget))
        held.current.focus = false;
    },
  };

  const toggle = useCallback(() => setStopped((old) => !old), []);
  return { handlers, running, stopped, toggle };
}
