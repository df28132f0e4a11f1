import { MIN_PASSWORD_LENGTH } from '@globetrail/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { blankPassword, commonPassword, personalPassword, weakPassword } from './identity-error.js';

let common: ReadonlySet<string> | null = null;

/**
 * The ~49,000 passwords most often found in breach dumps (zxcvbn-ts's list, MIT), offline: a password on it
 * falls to the first guesses of any attacker, whatever its length. Loaded on first use (about 10 ms).
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

/**
 * Throws weak_password (too short, only spaces, or the account's own email, the email's name part or the
 * player's name, in any letter case and spacing) or common_password (on the breach list, in any letter case).
 */
export function checkNewPassword(password: string, account: { email?: string | null; name?: string | null } = {}): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw weakPassword();
  if (password.trim() === '') throw blankPassword();
  if (commonPasswords().has(password.toLowerCase())) throw commonPassword();
  const plain = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  const guessable = [account.email, account.email?.split('@')[0], account.name].filter((text): text is string => typeof text === 'string' && text.trim() !== '').map(plain);
  if (guessable.includes(plain(password))) throw personalPassword();
}
