import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardList, Users } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { Project } from '../../api/types';
import { useEditProject } from '../../hooks/use-project-actions';
import { categoryLabel } from '@/lib/projects/categories';
import { formatDate } from '../../lib/format';
import { PHASE_LABELS, phaseLabel, phaseProgress, SELECTABLE_PHASES } from '@/lib/projects/phases';
import { projectSchema, type ProjectValues } from '../../lib/project-rules';
import { CategorySelect } from '../category-select';
import { ImageCarousel } from '@/components/projects/image-carousel';
import { imageItemsOf, ImagePicker, type ImageItem } from '../image-picker';
import { LookingForField } from '../looking-for-field';
import { PhaseBadge } from '@/components/projects/phase-badge';
import { ProgressBar } from '../progress-bar';
import { TaskProgress } from '../task-progress';
import { CollaboratorsDialog } from './collaborators-dialog';
import { CollapsibleSection } from './collapsible-section';

export const EDIT_FORM_ID = 'project-edit-form';

const LOOKING_FOR_BADGE: Record<string, 'innovator' | 'collaborator' | 'explorer' | 'investor'> = {
  Innovator: 'innovator',
  Collaborator: 'collaborator',
  Explorer: 'explorer',
  Investor: 'investor',
};

function Detail({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('space-y-1', className)}>
      <dt className="font-display text-[0.6875rem] font-bold uppercase tracking-[0.12em] text-muted-foreground">
        {term}
      </dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Project Details (spec 001 §2.5): what the project is, its phase with phase progress, task progress and team. */
export function DetailsSection({
  project,
  editing,
  onSaving,
  onSaved,
  currentUserId,
}: {
  project: Project;
  editing: boolean;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
  currentUserId: number;
}) {
  const owner = project.myRole === 'owner';
  const [team, setTeam] = useState(false);
  const people = project.collaboratorCount + 1;

  return (
    <CollapsibleSection
      title="Project Details"
      icon={ClipboardList}
      tone="bg-primary-soft text-primary-soft-foreground"
      summary={`${categoryLabel(project.category)} · ${phaseLabel(project.phase)} · ${phaseProgress(project.phase)}%`}
      forceOpen={editing && owner}
    >
      {editing && owner ? (
        <EditProjectForm project={project} onSaving={onSaving} onSaved={onSaved} />
      ) : (
        <div className="space-y-5">
          <ImageCarousel
            images={project.imageUrls}
            title={project.title}
            category={project.category}
            className="aspect-[16/9] w-full overflow-hidden rounded-xl"
          />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-4">
            <Detail term="Description" className="col-span-2">
              {project.description ? (
                <span className="whitespace-pre-line">{project.description}</span>
              ) : (
                <span className="italic text-muted-foreground">No description provided</span>
              )}
            </Detail>
            <Detail term="Category">{categoryLabel(project.category)}</Detail>
            <Detail term="Created">{formatDate(project.createdAt)}</Detail>
            <Detail term="Looking for" className="col-span-2">
              {project.lookingFor.length > 0 ? (
                <span className="flex flex-wrap gap-1.5">
                  {project.lookingFor.map((role) => (
                    <Badge key={role} variant={LOOKING_FOR_BADGE[role] ?? 'default'}>
                      {role}
                    </Badge>
                  ))}
                </span>
              ) : (
                <span className="text-muted-foreground">Nobody in particular yet</span>
              )}
            </Detail>
          </dl>
        </div>
      )}

      <div className="mt-5 space-y-5 border-t border-border/70 pt-5">
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <p className="font-display text-[0.6875rem] font-bold uppercase tracking-[0.12em] text-muted-foreground">
              Phase
            </p>
            <PhaseBadge phase={project.phase} />
          </div>
          <div className="flex items-center gap-3">
            <ProgressBar
              value={phaseProgress(project.phase)}
              max={100}
              label="Phase progress"
              valueText={`${phaseProgress(project.phase)}%, ${phaseLabel(project.phase)}`}
              className="h-2.5 flex-1"
              fill="bg-gradient-to-r from-phase-2 to-phase-5"
            />
            <span className="w-10 text-right font-display text-sm font-extrabold tabular-nums">
              {phaseProgress(project.phase)}%
            </span>
          </div>
          {owner && <PhaseSelector key={project.phase} project={project} />}
        </div>

        <TaskProgress completed={project.completedTaskCount} total={project.taskCount} />

        <div className="flex items-center gap-3">
          <Avatar name={project.ownerName} src={project.ownerProfileImageUrl} role="innovator" size="sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">
              {project.ownerId === currentUserId ? 'You' : project.ownerName}
              <span className="font-normal text-muted-foreground"> · owner</span>
            </p>
            <p className="text-xs text-muted-foreground">
              {people === 1 ? 'Just the owner so far' : `${people} people on the team`} ·{' '}
              {project.supporterCount === 1 ? '1 supporter' : `${project.supporterCount} supporters`}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setTeam(true)} aria-haspopup="dialog">
            <Users aria-hidden />
            Team
          </Button>
        </div>
      </div>
      <CollaboratorsDialog project={project} open={team} onOpenChange={setTeam} />
    </CollapsibleSection>
  );
}

/** The phase selector (spec 001 §4): four phases; choosing another reveals Save Phase, which sends it. */
function PhaseSelector({ project }: { project: Project }) {
  const [chosen, setChosen] = useState(project.phase);
  const edit = useEditProject(project.id);
  const name = useId();
  const changed = chosen !== project.phase;

  return (
    <fieldset className="space-y-2 pt-1">
      <legend className="sr-only">Change phase</legend>
      <div className="grid grid-cols-4 gap-1 rounded-xl bg-muted p-1">
        {SELECTABLE_PHASES.map((phase) => (
          <label
            key={phase}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-1 text-center font-display text-xs font-bold transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              chosen === phase
                ? 'bg-card text-foreground shadow-soft'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={phase}
              checked={chosen === phase}
              onChange={() => setChosen(phase)}
              className="sr-only"
            />
            {PHASE_LABELS[phase]}
          </label>
        ))}
      </div>
      {changed && (
        <div className="flex gap-2 animate-fade-in">
          <Button
            className="flex-1"
            loading={edit.isPending}
            onClick={() =>
              edit.mutate({
                changes: { phase: chosen },
                success: {
                  title: 'Phase updated',
                  description: `${project.title} is now in ${phaseLabel(chosen)}.`,
                  variant: 'success',
                },
              })
            }
          >
            Save Phase
          </Button>
          <Button variant="ghost" onClick={() => setChosen(project.phase)} disabled={edit.isPending}>
            Undo
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function valuesOf(project: Project): ProjectValues {
  return {
    title: project.title,
    description: project.description,
    category: project.category,
    phase: project.phase,
    lookingFor: [...project.lookingFor],
  };
}

/** Edit: the details as a form, saved by the header's Save (Cancel unmounts it, so its changes are dropped). */
function EditProjectForm({
  project,
  onSaving,
  onSaved,
}: {
  project: Project;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}) {
  const [images, setImages] = useState<ImageItem[]>(() => imageItemsOf(project.imageUrls));
  const edit = useEditProject(project.id);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ProjectValues>({
    defaultValues: valuesOf(project),
    resolver: zodResolver(projectSchema, undefined, { mode: 'sync' }),
  });
  useEffect(() => {
    onSaving(edit.isPending);
  }, [edit.isPending, onSaving]);
  useEffect(() => () => onSaving(false), [onSaving]);

  const onValid = (values: ProjectValues) => {
    edit.mutate(
      {
        changes: {
          title: values.title.trim(),
          description: values.description.trim(),
          category: values.category || null,
          lookingFor: values.lookingFor,
          imageUrls: images.flatMap((item) => (item.url ? [item.url] : [])),
        },
        newImages: images.flatMap((item) => (item.file ? [item.file] : [])),
        success: { title: 'Project updated', description: 'Your changes are saved.', variant: 'success' },
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <form
      id={EDIT_FORM_ID}
      noValidate
      aria-label="Edit project details"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="space-y-5"
    >
      <ImagePicker value={images} onChange={setImages} label="Images" />
      <FormField id="edit-title" label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...register('title')} />
      </FormField>
      <FormField id="edit-description" label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...register('description')} />
      </FormField>
      <FormField id="edit-category" label="Category">
        <CategorySelect {...register('category')} />
      </FormField>
      <Controller
        control={control}
        name="lookingFor"
        render={({ field }) => <LookingForField value={field.value} onChange={field.onChange} />}
      />
    </form>
  );
}
