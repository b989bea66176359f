import type { KeyboardEvent } from 'react';

/**
 * Enter that means "this is done": not the Enter that picks a candidate while Japanese, Chinese or Korean text is
 * being composed (the word is half-typed until the composition ends; some browsers report it only as key code 229).
 */
export function isCommitEnter(event: KeyboardEvent<HTMLElement>): boolean {
  return event.key === 'Enter' && !event.nativeEvent.isComposing && event.keyCode !== 229;
}
