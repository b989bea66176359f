import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorStatus } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { postFeedback } from '@/resources/project-parts';
import { projectQuery, requestCollaboration } from '@/resources/projects';
import { uploadFile } from '@/resources/uploads';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast } from '@/lib/toast';
import {
  ANY_SWIPES_KEY,
  createPledge,
  recordSwipe,
  resetSwipes,
  supportProject,
  type DeckData,
} from '../api/explore';
import type { NewFeedback, Project, Swipe } from '../api/types';
import {
  FEEDBACK_SENT_TOAST,
  PAYMENT_CONFIRMED_DELAY_MS,
  REQUEST_SENT_TOAST,
  RESET_TOAST,
  feedbackFailedToast,
  paymentConfirmedToast,
  pledgeCreatedToast,
  pledgeFailedToast,
  requestFailedToast,
  resetFailedToast,
  supportFailedToast,
  supportedToast,
  swipeFailedToast,
} from '../lib/announce';
import { placeOf, withProjectAt, withoutProject } from '../lib/deck';

const isDeckKey = (key: readonly unknown[]) => key[0] === '/api/feed';

/**
 * Takes a swiped project out of every cached deck (whatever its filters) and notes that something was swiped.
 * Returns how to put it back where it was in each, for a swipe the server does not take.
 */
function takeOutOfDecks(
  queryClient: QueryClient,
  projectId: number,
  direction: Swipe['direction'],
): () => void {
  const places = queryClient
    .getQueriesData<DeckData>({ predicate: (query) => isDeckKey(query.queryKey) })
    .flatMap(([key, data]) => {
      const place = data ? placeOf(data.pages, projectId) : null;
      const project = place && data?.pages[place.page]?.items[place.index];
      return place && project ? [{ key, place, project }] : [];
    });
  queryClient.setQueriesData<DeckData>({ predicate: (query) => isDeckKey(query.queryKey) }, (data) =>
    data ? { ...data, pages: withoutProject(data.pages, projectId) } : data,
  );
  queryClient.setQueryData<Swipe[]>(ANY_SWIPES_KEY, [{ projectId, direction }]);
  return () => {
    for (const { key, place, project } of places) {
      queryClient.setQueryData<DeckData>(key, (data) =>
        data ? { ...data, pages: withProjectAt(data.pages, project, place) } : data,
      );
    }
    // Whether anything else was swiped is the server's to say.
    void queryClient.invalidateQueries({ queryKey: ANY_SWIPES_KEY, exact: true });
  };
}

/** The project in the detail dialog's cache, changed in place (e.g. supported). */
function patchProject(queryClient: QueryClient, projectId: number, change: Partial<Project>): void {
  queryClient.setQueryData<Project>(projectQuery(projectId).queryKey, (old) =>
    old ? { ...old, ...change } : old,
  );
}

/**
 * Support a project (spec 001 §7): 'Project Supported! You earned 25 coins…', then the supported list, the
 * balance and the rewards refresh; 'Already Supported' on a repeat.
 */
export function useSupportProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/support'],
    mutationFn: (projectId: number) => supportProject(projectId),
    onSuccess: (result, projectId) => {
      toast(supportedToast(result));
      patchProject(queryClient, projectId, { isSupported: true, supporterCount: result.supporterCount });
      void invalidatePath(queryClient, '/api/projects/supported');
      void invalidatePath(queryClient, `/api/projects/${projectId}`);
      // The server pushes `user_updated` as well; this covers a socket that is down.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      void invalidatePath(queryClient, '/api/rewards');
    },
    onError: (error, projectId) => {
      const shown = supportFailedToast(error);
      toast(shown);
      if (shown.title === 'Already Supported') patchProject(queryClient, projectId, { isSupported: true });
    },
  });
}

interface SwipeCall {
  projectId: number;
  direction: 'pass' | 'support';
  /** Puts the card back (the swipe was not saved). */
  putBack: () => void;
}

/**
 * A card leaving the deck (spec 001 §2.1): it is taken out at once and the swipe is recorded on the server (so it
 * follows the person to every device); a right swipe also supports the project. A swipe the server does not take
 * brings the card back on top and says so, so the deck never ends with swipes that were not recorded; a project
 * that is gone (404) stays gone.
 */
export function useSwipe() {
  const queryClient = useQueryClient();
  const support = useSupportProject();
  const record = useMutation({
    mutationKey: ['/api/feed/swipes'],
    mutationFn: ({ projectId, direction }: SwipeCall) => recordSwipe(projectId, direction),
    onError: (error, { putBack }) => {
      const gone = errorStatus(error) === 404;
      if (!gone) putBack();
      toast(swipeFailedToast(error, !gone));
    },
  });

  const swipe = (projectId: number, direction: 'pass' | 'support') =>
    record.mutate({ projectId, direction, putBack: takeOutOfDecks(queryClient, projectId, direction) });

  return {
    /** Left: pass. */
    pass: (project: Project) => swipe(project.id, 'pass'),
    /** Right: support (and record the swipe). */
    support: (project: Project) => {
      swipe(project.id, 'support');
      support.mutate(project.id);
    },
    /** Right, for an investor whose pledge went through: the card leaves, recorded as a right swipe. */
    pledged: (project: Pick<Project, 'id'>) => swipe(project.id, 'support'),
  };
}

/** RESET SWIPED and Start Over: the swiped set is cleared on the server, and the deck starts again from the top. */
export function useResetSwipes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/feed/swipes/reset'],
    mutationFn: resetSwipes,
    onSuccess: async () => {
      queryClient.setQueryData<Swipe[]>(ANY_SWIPES_KEY, []);
      await queryClient.resetQueries({ predicate: (query) => isDeckKey(query.queryKey) });
      toast(RESET_TOAST);
    },
    onError: (error) => toast(resetFailedToast(error)),
  });
}

let paymentTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Make an investment pledge (spec 001 §4, §7): 'Pledge Created!', then about 3 s later 'Payment Confirmed' and the
 * portfolio refreshed (the timer outlives the dialog, which closes at once). 'Pledge Failed' with the reason.
 */
export function usePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/pledge'],
    mutationFn: ({ projectId, amount, message }: { projectId: number; amount: number; message: string }) =>
      createPledge(projectId, amount, message),
    onSuccess: (result, { projectId }) => {
      toast(pledgeCreatedToast(result.pledge.amount, result.upfrontPaymentRequired));
      void invalidatePath(queryClient, `/api/projects/${projectId}`);
      if (paymentTimer !== null) clearTimeout(paymentTimer);
      paymentTimer = setTimeout(() => {
        paymentTimer = null;
        toast(paymentConfirmedToast(result.upfrontPaymentRequired));
        void invalidatePath(queryClient, '/api/investments');
      }, PAYMENT_CONFIRMED_DELAY_MS);
    },
    onError: (error) => toast(pledgeFailedToast(error)),
  });
}

/** Leave feedback or reply to it: 'Feedback submitted!' and the list refreshed; 'Error' with the reason. */
/** `POST /api/upload` of a feedback image (judged and re-encoded by the server): its address. */
export function useUploadImage() {
  return useMutation({ mutationFn: (file: File) => uploadFile(file, file.name) });
}

export function usePostFeedback(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/feedback', projectId],
    mutationFn: (body: NewFeedback) => postFeedback(projectId, body),
    onSuccess: () => {
      toast(FEEDBACK_SENT_TOAST);
      void invalidatePath(queryClient, `/api/projects/${projectId}/feedback`);
    },
    onError: (error) => toast(feedbackFailedToast(error)),
  });
}

/** Request to Collaborate: 'Request Sent!'; 'Request already sent!' when asked before; else 'Error'. */
export function useRequestCollaboration(projectId: number) {
  return useMutation({
    mutationKey: ['/api/projects/request-collaboration', projectId],
    mutationFn: () => requestCollaboration(projectId),
    onSuccess: () => toast(REQUEST_SENT_TOAST),
    onError: (error) => toast(requestFailedToast(error)),
  });
}
