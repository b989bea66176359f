import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A project (spec 001 §3) with the owner's name, its task counts and the caller's place in it (`myRole`). */
export type Project = Schemas['Project'];
/** `POST /api/projects`: the project, and the coins its creation paid (50 to 200). */
export type CreatedProject = Schemas['CreatedProject'];
export type NewProject = Schemas['NewProject'];
export type ProjectChanges = Schemas['ProjectChanges'];
export type Task = Schemas['Task'];
export type CompletedTask = Schemas['CompletedTask'];
export type NewTask = Schemas['NewTask'];
export type TaskChanges = Schemas['TaskChanges'];
export type ProjectUpdate = Schemas['ProjectUpdate'];
export type PostedUpdate = Schemas['PostedUpdate'];
export type NewUpdate = Schemas['NewUpdate'];
export type Feedback = Schemas['Feedback'];
export type NewFeedback = Schemas['NewFeedback'];
export type Collaborator = Schemas['Collaborator'];
export type UploadResponse = Schemas['UploadResponse'];
export type PersonFound = Schemas['User'];
/** A pledge to one of the caller's projects, with its investor (never their email); amounts in pence. */
export type ProjectPledge = Schemas['ProjectPledge'];

/** The caller's place in a project, as `myRole` says it. */
export type MyRole = 'owner' | 'collaborator' | 'viewer' | null;

export function myRoleOf(project: Pick<Project, 'myRole'>): MyRole {
  const role = project.myRole;
  return role === 'owner' || role === 'collaborator' || role === 'viewer' ? role : null;
}
