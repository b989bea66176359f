import type { QueryClient } from '@tanstack/react-query';
import type { ServerFrame } from '@/lib/ws';

/**
 * Live frames → cache updates, routed by type to the feature that owns them (shared/ARCHITECTURE.md: a pushed
 * event refreshes exactly the queries it concerns). Each feature declares its handlers beside itself
 * (`src/features/<area>/live.ts`, made with `liveFeature`); `src/app/live-frames.ts` composes them and fails the
 * type check while any frame type of the generated `ServerFrame` union is handled by no feature.
 *
 * The channel's own frames are handled here: `pong` only proves the socket alive (src/lib/ws.ts), and `ready`
 * (sent after every accepted connect) refreshes every live-backed query, i.e. every query with `meta.live`:
 * whatever changed before the socket opened, or while it was down and only polled, was never pushed.
 */

/** Frames the live channel itself handles; every other type belongs to a feature. */
export type ChannelFrameType = 'ready' | 'pong';
export type FeatureFrame = Exclude<ServerFrame, { type: ChannelFrameType }>;
export type FeatureFrameType = FeatureFrame['type'];
export type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

export interface LiveContext {
  queryClient: QueryClient;
}

export type FrameHandlers<T extends FeatureFrameType> = {
  readonly [K in T]: (frame: FrameOf<K>, context: LiveContext) => void;
};

/** One feature's frame handlers. `T` is the frame types it takes (`LiveFeature` alone: any feature). */
export interface LiveFeature<T extends FeatureFrameType = never> {
  readonly name: string;
  readonly handlers: FrameHandlers<T>;
}

/** Declare a feature's handlers: `liveFeature('auth', { user_updated: (frame, { queryClient }) => … })`. */
export function liveFeature<T extends FeatureFrameType>(
  name: string,
  handlers: FrameHandlers<T>,
): LiveFeature<T> {
  return { name, handlers };
}

/** The frame types these features handle (distributes over a union of features). */
export type HandledBy<F> = F extends LiveFeature<infer T> ? T : never;

/**
 * `true` when every type in `All` is handled; otherwise an object type naming the unhandled ones, so that
 * assigning `true` to it fails the type check with the missing frame types in the message.
 */
export type EveryFrameHandled<All extends string, Handled extends string> = [Exclude<All, Handled>] extends [
  never,
]
  ? true
  : { unhandledFrameTypes: Exclude<All, Handled> };

/** Refetch every live-backed query (`meta.live`) that is in use; the others refetch when next used. */
export function refreshLiveQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.live === true });
}

/** The router of one app: hands each frame to every feature that takes its type. */
export function createFrameRouter(
  features: readonly LiveFeature[],
): (frame: ServerFrame, context: LiveContext) => void {
  type AnyHandler = (frame: ServerFrame, context: LiveContext) => void;
  const byType = new Map<string, AnyHandler[]>();
  for (const feature of features) {
    for (const [type, handler] of Object.entries<AnyHandler>(feature.handlers)) {
      byType.set(type, [...(byType.get(type) ?? []), handler]);
    }
  }

  return (frame, context) => {
    switch (frame.type) {
      case 'ready':
        void refreshLiveQueries(context.queryClient);
        return;
      case 'pong':
        return;
      default:
        // A type newer than this build has no handler and is ignored.
        for (const handler of byType.get(frame.type) ?? []) handler(frame, context);
    }
  };
}
