import { Crown } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { Project } from '../api/types';
import { capitalise, fullName } from '../lib/format';
import { useProjectTeam } from '../hooks/use-chat-details';

/**
 * The Project Team dialog (spec 000 §2): the owner with name and photo, then each collaborator with name and
 * role (or 'Collaborator'), or 'No collaborators yet'.
 */
export function ProjectTeamDialog({
  project,
  open,
  onClose,
}: {
  project: Project | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const team = useProjectTeam(project?.id, open);
  const ownerName = fullName(project?.ownerFirstName, project?.ownerLastName, 'Project owner');

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Project Team</DialogTitle>
          <DialogDescription>{project?.title ?? 'This project'}</DialogDescription>
        </DialogHeader>
        <section aria-labelledby="team-owner" className="rounded-2xl bg-muted/50 p-3">
          <h3
            id="team-owner"
            className="mb-2 font-display text-xs font-bold uppercase tracking-wider text-muted-foreground"
          >
            Owner
          </h3>
          <div className="flex items-center gap-3">
            <Avatar name={ownerName} src={project?.ownerProfileImageUrl} size="md" />
            <p className="min-w-0 flex-1 truncate font-semibold">{ownerName}</p>
            <Badge variant="coin">
              <Crown aria-hidden />
              Owner
            </Badge>
          </div>
        </section>
        <section aria-labelledby="team-collaborators">
          <h3
            id="team-collaborators"
            className="mb-2 font-display text-xs font-bold uppercase tracking-wider text-muted-foreground"
          >
            Collaborators
          </h3>
          {team.isPending && team.fetchStatus !== 'idle' ? (
            <div className="space-y-2" aria-busy="true" aria-label="Loading the team">
              <Skeleton className="h-12 w-full rounded-xl" />
              <Skeleton className="h-12 w-full rounded-xl" />
            </div>
          ) : team.isError ? (
            <div className="flex items-center justify-between gap-2 rounded-xl bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
              Couldn't load the team.
              <Button size="sm" variant="outline" onClick={() => void team.refetch()}>
                Retry
              </Button>
            </div>
          ) : (team.data ?? []).length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
              No collaborators yet
            </p>
          ) : (
            <ul className="space-y-1">
              {(team.data ?? []).map((member) => {
                const name = fullName(member.user.firstName, member.user.lastName, member.user.username);
                return (
                  <li key={member.id} className="flex items-center gap-3 rounded-xl p-2">
                    <Avatar name={name} src={member.user.profileImageUrl} size="sm" />
                    <p className="min-w-0 flex-1 truncate font-semibold">{name}</p>
                    <span className="text-sm text-muted-foreground">
                      {member.role.trim() ? capitalise(member.role) : 'Collaborator'}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogContent>
    </Dialog>
  );
}
