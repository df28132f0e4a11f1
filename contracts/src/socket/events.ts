import { z } from 'zod';
import { userProfileViewSchema } from '../rest/user.js';

/** A versioned live projection: clients apply a push only when its version is newer than what they hold. */
export const profileChangedSchema = z.object({ version: z.number().int().min(0), profile: userProfileViewSchema });
export type ProfileChanged = z.infer<typeof profileChangedSchema>;

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };

/** server → client: past tense. */
export interface ServerToClientEvents {
  ProfileChanged: (push: ProfileChanged) => void;
}

/** client → server: imperative, acknowledged. */
export interface ClientToServerEvents {
  WatchProfile: (ack: (response: Ack<ProfileChanged>) => void) => void;
}
