import { storageKeys } from '../storage/storage-keys';
import { readJson, writeJson } from '../storage/web-storage';

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * This browser's device id, made on first use: the server remembers (as a hash) the devices that signed in
 * to an account, and gives them their own sign-in brake. Undefined when storage is unavailable.
 */
export function deviceId(): string | undefined {
  const stored = readJson(storageKeys.deviceId);
  if (typeof stored === 'string' && DEVICE_ID.test(stored)) return stored;
  if (typeof crypto?.randomUUID !== 'function') return undefined;
  const made = crypto.randomUUID().replaceAll('-', '');
  writeJson(storageKeys.deviceId, made);
  return readJson(storageKeys.deviceId) === made ? made : undefined;
}
