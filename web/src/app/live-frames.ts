import { authLive } from '@/features/auth/live';
import { chatLive } from '@/features/chat/live';
import { connectionsLive } from '@/features/connections/live';
import { investingLive } from '@/features/investing/live';
import { notificationsLive } from '@/features/notifications/live';
import { projectsLive } from '@/features/projects/live';
import { rewardsLive } from '@/features/rewards/live';
import { createFrameRouter, type EveryFrameHandled, type FeatureFrameType, type HandledBy } from '@/lib/live';

/** Every feature's live-frame handlers (src/features/<area>/live.ts). Add a feature's here. */
const LIVE_FEATURES = [
  authLive,
  chatLive,
  connectionsLive,
  investingLive,
  notificationsLive,
  projectsLive,
  rewardsLive,
] as const;

// A frame type in the generated `ServerFrame` union that no feature above handles fails the type check here,
// naming the type: handle it in the feature it concerns, invalidating exactly the queries it changes.
const everyFrameHandled: EveryFrameHandled<
  FeatureFrameType,
  HandledBy<(typeof LIVE_FEATURES)[number]>
> = true;
void everyFrameHandled;

/** Hands a frame to the features that take it (`ready` and `pong` are the channel's own, src/lib/live.ts). */
export const routeLiveFrame = createFrameRouter(LIVE_FEATURES);
