import * as z from 'zod/mini';
import { MIN_PLEDGE_PENCE, poundsToPence } from './money';

/** The pledge form's rules (spec 001 §5): at least £100 in steps of a penny, and a message. */
export const MESSAGE_REQUIRED = 'Message is required to complete your investment pledge';
export const AMOUNT_NOT_MONEY = 'Enter an amount in pounds, e.g. 150 or 150.50';
export const AMOUNT_TOO_SMALL = 'The minimum pledge is £100';

export const pledgeSchema = z.object({
  amount: z.string().check(
    z.refine((value) => poundsToPence(value) !== null, AMOUNT_NOT_MONEY),
    z.refine((value) => (poundsToPence(value) ?? MIN_PLEDGE_PENCE) >= MIN_PLEDGE_PENCE, AMOUNT_TOO_SMALL),
  ),
  message: z.string().check(z.refine((value) => value.trim() !== '', MESSAGE_REQUIRED)),
});

export type PledgeValues = z.infer<typeof pledgeSchema>;
