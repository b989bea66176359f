// The safety area's wire types, generated from the server's OpenAPI document (src/lib/api/schema.d.ts).
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** `GET /api/users/blocked`: a person the caller blocked, most recent first. */
export type BlockedUser = Schemas['BlockedUser'];
/** `POST /api/reports` → 201. */
export type Report = Schemas['Report'];
/** A message around a reported one, as the administrator reads it. */
export type ContextMessage = Schemas['ContextMessage'];
/** What was reported, read now (it may have been changed or removed since). */
export type ReportedContent = Schemas['ReportedContent'];
/** `GET /api/admin/reports`: a report with who made it, who it is about and the content in context. */
export type AdminReport = Schemas['AdminReport'];
