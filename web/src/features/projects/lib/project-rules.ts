/** The create form's and the edit form's rules (spec 001 §5) as a zod schema for react-hook-form. */
import * as z from 'zod/mini';

export const TITLE_REQUIRED = 'Title is required';
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

export const projectSchema = z.object({
  title: z.string().check(
    z.refine((value) => value.trim() !== '', TITLE_REQUIRED),
    z.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  ),
  description: z
    .string()
    .check(z.maxLength(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)),
  category: z.string(),
  phase: z.string(),
  lookingFor: z.array(z.string()),
});
export type ProjectValues = z.infer<typeof projectSchema>;

export const TASK_TITLE_REQUIRED = 'Task title is required';
export const TASK_TITLE_MAX_LENGTH = 255;

/** Create and edit task (spec 001 §5): a non-blank title of at most 255 characters; a description. */
export const taskSchema = z.object({
  title: z.string().check(
    z.refine((value) => value.trim() !== '', TASK_TITLE_REQUIRED),
    z.maxLength(TASK_TITLE_MAX_LENGTH, `Task title must be at most ${TASK_TITLE_MAX_LENGTH} characters`),
  ),
  description: z.string(),
});
export type TaskValues = z.infer<typeof taskSchema>;

export const UPDATE_TITLE_REQUIRED = 'Title is required';
export const UPDATE_CONTENT_REQUIRED = 'Content is required';

/** Post Project Update (spec 001 §5): title and content both required. */
export const updateSchema = z.object({
  title: z.string().check(z.refine((value) => value.trim() !== '', UPDATE_TITLE_REQUIRED)),
  content: z.string().check(z.refine((value) => value.trim() !== '', UPDATE_CONTENT_REQUIRED)),
});
export type UpdateValues = z.infer<typeof updateSchema>;
