// Wire types of the auth area, named after the server's OpenAPI schemas.
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Role = Schemas['Role'];
export type LoginRequest = Schemas['LoginRequest'];
export type LoginResponse = Schemas['LoginResponse'];
export type RememberedLoginRequest = Schemas['RememberedLoginRequest'];
export type ForgetRememberedRequest = Schemas['ForgetRememberedRequest'];
export type SignupRequest = Schemas['SignupRequest'];
export type SignupResponse = Schemas['SignupResponse'];
export type Availability = Schemas['Availability'];
export type ForgotPasswordRequest = Schemas['ForgotPasswordRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type MessageResponse = Schemas['MessageResponse'];
