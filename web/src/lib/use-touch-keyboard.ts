import { useSyncExternalStore } from 'react';

/**
 * A device used by touch: its main pointer is a finger and nothing hovers. Its keyboard is then the on-screen one,
 * whose Enter is the only way to break a line (there is no Shift+Enter on it). A tablet with a trackpad or a
 * mouse attached stops matching, and so gets the hardware keyboard's Enter to send.
 */
export const TOUCH_KEYBOARD_QUERY = '(pointer: coarse) and (hover: none)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(TOUCH_KEYBOARD_QUERY);
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia?.(TOUCH_KEYBOARD_QUERY).matches ?? false;
}

/** True while typing is on a touch keyboard (see TOUCH_KEYBOARD_QUERY); follows the device as it changes. */
export function useTouchKeyboard(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/**
 * Whether an Enter keystroke in a message field sends: on a hardware keyboard Enter sends and Shift+Enter breaks
 * the line; on a touch keyboard Enter breaks the line and the send button sends. Enter that ends an input method's
 * composition (a candidate being picked) never sends.
 */
export function enterSends(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'isComposing'>,
  touchKeyboard: boolean,
): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && !touchKeyboard;
}
