import { z } from 'zod';
import { displayNameSchema } from '../events/user-events.js';

/** SPEC §5: the identity service's default minimum. */
export const MIN_PASSWORD_LENGTH = 6;

export const emailSchema = z.email().max(254).transform((email) => email.toLowerCase());
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` }).max(256);

export const signUpRequestSchema = z.object({ name: displayNameSchema, email: emailSchema, password: passwordSchema });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export const signInRequestSchema = z.object({ email: emailSchema, password: z.string().min(1).max(256) });
export type SignInRequest = z.input<typeof signInRequestSchema>;
export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1) });
export const signOutRequestSchema = refreshRequestSchema;

export const sessionUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isAnonymous: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authSessionSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until idToken expires. */
  expiresIn: z.number().int(),
  user: sessionUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const passwordPolicySchema = z.object({ minLength: z.number().int() });
