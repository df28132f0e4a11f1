import { z } from 'zod';
import { playerNameSchema } from '../rules/free-text.js';

/** SPEC §5 says 6 (the identity service's default); 8 is today's floor (NIST SP 800-63B), docs/security.md. */
export const MIN_PASSWORD_LENGTH = 8;

export const emailSchema = z.email().max(254).transform((email) => email.toLowerCase());
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` }).max(256);

/**
 * A random id the browser keeps for itself: a device that signed in to an account before keeps signing in
 * while someone else trips the account's sign-in brake (docs/security.md). Optional everywhere.
 */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'is 16–64 letters, digits, _ or -' });

export const signUpRequestSchema = z.object({ name: playerNameSchema, email: emailSchema, password: passwordSchema, deviceId: deviceIdSchema.optional() });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export const signInRequestSchema = z.object({ email: emailSchema, password: z.string().min(1).max(256), deviceId: deviceIdSchema.optional() });
export type SignInRequest = z.input<typeof signInRequestSchema>;
/** Asks for a password-reset code by email; `language` words the email (an interface language code). */
export const passwordResetRequestSchema = z.object({ email: emailSchema, language: z.string().regex(/^[a-z]{2,3}$/).default('en') });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;
/** Sets a new password with the code the email carried; answers a fresh session. */
export const passwordResetConfirmSchema = z.object({ email: emailSchema, code: z.string().regex(/^\d{8}$/, { error: 'is the 8-digit code from the email' }), password: passwordSchema, deviceId: deviceIdSchema.optional() });
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;
/** A signed-in player changes their password; every other session ends. */
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1).max(256), newPassword: passwordSchema });
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;
/** A signed-in player's new display name; the answer is a renewed session whose token carries it. */
export const changeNameSchema = z.object({ name: playerNameSchema });
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

/** SPEC §7 GET /v1/projects: the host names where the sign-in form may be used; "*" allows any. */
export const identityProjectSchema = z.object({ projectId: z.string(), authorizedDomains: z.array(z.string()) });
export type IdentityProject = z.infer<typeof identityProjectSchema>;

/** SPEC §8 unauthorized-domain: whether this page's host may sign players in. */
export function isAuthorizedDomain(hostname: string, authorizedDomains: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return authorizedDomains.some((domain) => domain === '*' || domain.toLowerCase() === host);
}
