import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';

/**
 * The chat area's live frames. Each names the message and its conversation; the open chat and the conversation
 * list (unread dots) refetch. Until the Ideate screen reads them, nothing is cached and these cost nothing.
 */
export const chatLive = liveFeature('chat', {
  chat_message: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/messages');
    void invalidatePath(queryClient, '/api/conversations');
  },
  project_message: (frame, { queryClient }) => {
    void invalidatePath(queryClient, `/api/projects/${frame.projectId}/messages`);
    void invalidatePath(queryClient, '/api/conversations');
  },
  community_message: (frame, { queryClient }) => {
    void invalidatePath(queryClient, `/api/communities/${frame.room}/messages`);
    void invalidatePath(queryClient, '/api/conversations');
  },
  message_updated: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/messages');
    void invalidatePath(queryClient, '/api/communities');
    void invalidatePath(queryClient, '/api/conversations');
  },
  // Someone is typing: shown by the open chat (the Ideate screen), which holds it for a few seconds; no query
  // changes, so nothing is refetched here.
  typing: () => {},
  message_deleted: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/messages');
    void invalidatePath(queryClient, '/api/communities');
    void invalidatePath(queryClient, '/api/conversations');
  },
});
