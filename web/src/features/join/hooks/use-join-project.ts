import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { coinsSentence, sentences } from '@/lib/coins';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast } from '@/lib/toast';
import { joinProject, type JoinRole } from '../api/join';

/**
 * Join with a role (spec 000 §2, §7, §8): joined, 'Successfully joined! You've joined the project as {role}' (and
 * what it paid, or that today's limit was reached), the projects refreshed and on to the project itself
 * (`/create?manage={id}`, open to every account role: a collaborator works on its tasks, a viewer follows it); a
 * protected project, 'Join request sent!' (the owner decides); refused,
 * 'Failed to join project' with the server's reason.
 */
export function useJoinProject(projectId: string, onRequested: () => void) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationKey: ['/api/projects/{id}/join', projectId],
    mutationFn: (role: JoinRole) => joinProject(projectId, role),
    onSuccess: (answer, role) => {
      void invalidatePath(queryClient, '/api/projects');
      if (answer.joined) {
        // Joining pays coins once: the balance everywhere.
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
        void invalidatePath(queryClient, '/api/rewards');
        // What joining paid, as the answer says it, or that today's limit for joining projects was reached.
        const coins = coinsSentence(answer, 'join');
        toast({
          title: 'Successfully joined!',
          description: coins
            ? sentences(`You've joined the project as ${role}.`, coins)
            : `You've joined the project as ${role}`,
          variant: 'success',
        });
        navigate(`/create?manage=${projectId}`);
      } else {
        toast({
          title: 'Join request sent!',
          description: 'The owner will review your request.',
          variant: 'success',
        });
        onRequested();
      }
    },
    onError: (error) =>
      toast({
        title: 'Failed to join project',
        description: serverMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}
