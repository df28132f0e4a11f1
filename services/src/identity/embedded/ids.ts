import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe (22 characters). Never derived from an email, so ids reveal nothing. */
export const newId = () => randomBytes(16).toString('base64url');
