/**
 * Money (spec 001 §3, §5, §9; API.md "Wire format"): integer pence on the wire, pounds in the form. The form's text
 * is parsed digit by digit, never through a float, so £150.29 is exactly 15029 pence.
 */

/** The smallest pledge: £100 (spec 001 §5, §9). */
export const MIN_PLEDGE_PENCE = 10_000;
/** The share of a pledge paid upfront, in percent; the rest is held in escrow (spec 001 §9). */
export const UPFRONT_PERCENT = 10;

const POUNDS = /^(\d*)(?:\.(\d*))?$/;

/**
 * Pounds as typed ("150", "150.5", "150.05", ".5") → integer pence, or null for anything else: no sign, no
 * exponent, no thousands separators, at most 2 decimal places (step 0.01), and a safe integer.
 */
export function poundsToPence(input: string): number | null {
  const text = input.trim();
  const match = POUNDS.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > 2) return null;
  const pence = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** The upfront part of a pledge: 10 %, rounded half up to the penny (as the server works it out). */
export function upfrontPence(amount: number): number {
  // amount × 10 / 100, plus a half, rounded down: (amount + 5) / 10 without a multiplication that could overflow.
  return Math.floor((amount + 5) / (100 / UPFRONT_PERCENT));
}
