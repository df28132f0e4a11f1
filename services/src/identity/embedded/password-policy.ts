import { MIN_PASSWORD_LENGTH } from '@globetrail/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPassword, weakPassword } from './identity-error.js';

let common: ReadonlySet<string> | null = null;

/**
 * The ~49,000 passwords most often found in breach dumps (zxcvbn-ts's list, MIT), offline: a password on it
 * falls to the first guesses of any attacker, whatever its length. Loaded on first use (about 10 ms).
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

/** Throws weak_password (too short) or common_password (on the breach list, in any letter case). */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw weakPassword();
  if (commonPasswords().has(password.toLowerCase())) throw commonPassword();
}
