import { randomInt } from 'node:crypto';
import { isAnswerBlindProvider } from './answer-blind.js';

/**
 * A fresh round's turn (`PanoramaRef.yawOffset`): a random bearing in tenths of a degree for every picture
 * whose bytes we serve, which are turned by it; none for pictures shown by Google's own viewer, which we
 * cannot turn. Drawn from the system's cryptographic source like the round's token: it must not be
 * predictable, or a client could undo it and read the place's stable start heading again.
 */
export function drawYawOffset(provider: string): number | undefined {
  return isAnswerBlindProvider(provider) ? randomInt(0, 3600) / 10 : undefined;
}
