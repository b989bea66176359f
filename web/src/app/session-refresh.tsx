import { useSessionRefresh } from '@/lib/session';

/** The 2-second session poll (spec 000 §7), mounted once for the whole signed-in app (src/lib/session.ts). */
export function SessionRefresh() {
  useSessionRefresh();
  return null;
}
