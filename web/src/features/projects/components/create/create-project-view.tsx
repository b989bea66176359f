import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Coins } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateProject } from '../../hooks/use-project-actions';
import { projectSchema, type ProjectValues } from '../../lib/project-rules';
import { CategorySelect } from '../category-select';
import { ImagePicker, type ImageItem } from '../image-picker';
import { LookingForField } from '../looking-for-field';
import { PhaseCards } from '../phase-cards';

const EMPTY: ProjectValues = { title: '', description: '', category: '', phase: 'idea', lookingFor: [] };

function Panel({ children }: { children: ReactNode }) {
  return <div className="space-y-4 rounded-2xl border border-border bg-card p-4 shadow-soft">{children}</div>;
}

/**
 * Create New Project (spec 001 §2.4): hero images, title (required, its error under it), description, category,
 * the four phase cards and Looking For; CREATE PROJECT ('CREATING...' while the images upload and the project is
 * made), then the coins toast and back to the list.
 */
export default function CreateProjectView() {
  const [, navigate] = useLocation();
  const [images, setImages] = useState<ImageItem[]>([]);
  const create = useCreateProject();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ProjectValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(projectSchema, undefined, { mode: 'sync' }),
  });

  const onValid = (values: ProjectValues) => {
    create.mutate(
      {
        project: {
          title: values.title.trim(),
          description: values.description.trim(),
          ...(values.category ? { category: values.category } : {}),
          phase: values.phase,
          lookingFor: values.lookingFor,
        },
        images: images.flatMap((item) => (item.file ? [item.file] : [])),
      },
      { onSuccess: () => navigate('/create') },
    );
  };

  return (
    <div className="space-y-5">
      <Link
        href="/create"
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-display text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to projects
      </Link>
      <div>
        <h2 className="font-display text-3xl font-extrabold tracking-tight">Create New Project</h2>
        <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Coins className="size-4 text-coin-ink" aria-hidden />
          Earn 50-200 coins: the fuller the project, the more you earn.
        </p>
      </div>

      <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="space-y-4">
        <Panel>
          <ImagePicker value={images} onChange={setImages} />
        </Panel>

        <Panel>
          <FormField id="project-title" label="Title" error={errors.title?.message}>
            <Input placeholder="Give your project a name" autoComplete="off" {...register('title')} />
          </FormField>
          <FormField id="project-description" label="Description" error={errors.description?.message}>
            <Textarea
              rows={4}
              placeholder="What are you building, and why does it matter?"
              {...register('description')}
            />
          </FormField>
          <FormField id="project-category" label="Category">
            <CategorySelect {...register('category')} />
          </FormField>
        </Panel>

        <Panel>
          <Controller
            control={control}
            name="phase"
            render={({ field }) => <PhaseCards value={field.value} onChange={field.onChange} />}
          />
        </Panel>

        <Panel>
          <Controller
            control={control}
            name="lookingFor"
            render={({ field }) => <LookingForField value={field.value} onChange={field.onChange} />}
          />
        </Panel>

        <Button type="submit" size="lg" className="w-full" loading={create.isPending}>
          {create.isPending ? 'CREATING...' : 'CREATE PROJECT'}
        </Button>
      </form>
    </div>
  );
}
