import { useDailyLoginBonus } from '@/features/rewards/hooks/use-daily-login-bonus';

/** The 'Daily Login Bonus!' toast (spec 000 §8), mounted once for the signed-in app (src/features/rewards). */
export function DailyLoginBonus() {
  useDailyLoginBonus();
  return null;
}
