// Wire types of the connections area, named after the server's OpenAPI schemas (spec 000 §3).
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type Connection = Schemas['Connection'];
export type AnsweredConnection = Schemas['AnsweredConnection'];
export type ConnectionWithUser = Schemas['ConnectionWithUser'];
export type ConnectedUser = Schemas['ConnectedUser'];
export type ConnectionRequest = Schemas['ConnectionRequest'];
export type ScanResponse = Schemas['ScanResponse'];
export type ProfileCard = Schemas['ProfileCard'];
