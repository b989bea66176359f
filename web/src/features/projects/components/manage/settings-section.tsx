import { Eye, Lock, Settings } from 'lucide-react';
import type { Project } from '../../api/types';
import { useEditProject } from '../../hooks/use-project-actions';
import { ToggleSwitch } from '../toggle-switch';
import { CollapsibleSection } from './collapsible-section';

/**
 * Project Settings (spec 001 §2.5, §4): Published/Unpublished (unpublished projects stay out of the feed) and
 * Protected/Open (protected: joining asks the owner first). Only the owner changes them.
 */
export function SettingsSection({ project, isOwner }: { project: Project; isOwner: boolean }) {
  const publish = useEditProject(project.id);
  const protect = useEditProject(project.id);
  const published = project.isPublished ? 'Published' : 'Unpublished';
  const access = project.isProtected ? 'Protected' : 'Open';

  return (
    <CollapsibleSection
      title="Project Settings"
      icon={Settings}
      tone="bg-muted text-foreground"
      defaultOpen={false}
      summary={`${published} · ${access}`}
    >
      {isOwner ? (
        <div className="space-y-4">
          <ToggleSwitch
            id={`publish-${project.id}`}
            label="Visibility"
            description={
              project.isPublished
                ? 'Shown in the Explore feed to everyone.'
                : 'Hidden from the Explore feed until you publish it.'
            }
            checked={project.isPublished}
            stateText={published}
            busy={publish.isPending}
            onChange={(isPublished) =>
              publish.mutate({
                changes: { isPublished },
                success: isPublished
                  ? {
                      title: 'Project published',
                      description: 'It now appears in the Explore feed.',
                      variant: 'success',
                    }
                  : {
                      title: 'Project unpublished',
                      description: 'It no longer appears in the Explore feed.',
                    },
              })
            }
          />
          <div className="border-t border-border/70" />
          <ToggleSwitch
            id={`protect-${project.id}`}
            label="Access"
            description={
              project.isProtected
                ? 'Access restricted to approved collaborators only.'
                : 'Anyone with the link can join the team.'
            }
            checked={project.isProtected}
            stateText={access}
            busy={protect.isPending}
            onChange={(isProtected) =>
              protect.mutate({
                changes: { isProtected },
                success: isProtected
                  ? {
                      title: 'Project protected',
                      description: 'New members need your approval.',
                      variant: 'success',
                    }
                  : {
                      title: 'Project open',
                      description: 'Anyone with the link can join.',
                      variant: 'success',
                    },
              })
            }
          />
        </div>
      ) : (
        <dl className="space-y-3 text-sm">
          <div className="flex items-center gap-2">
            <Eye className="size-4 text-muted-foreground" aria-hidden />
            <dt className="font-semibold">Visibility:</dt>
            <dd>{published}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Lock className="size-4 text-muted-foreground" aria-hidden />
            <dt className="font-semibold">Access:</dt>
            <dd>{access}</dd>
          </div>
        </dl>
      )}
    </CollapsibleSection>
  );
}
