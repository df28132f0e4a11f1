import type { ChallengeScoreResponse, DailyChallenges } from '@globetrail/contracts';
import { signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 27: a day's challenge must not be something anyone can work out before the day from the public code.
 * Its rounds were once drawn from a seed of the day's key alone, so every server (and anyone running the
 * code on the same preset maps) drew the same places. Two servers now draw their own for the same day.
 */
async function firstTargetOfToday(t: TestApp) {
  const player = await signedUpPlayer(t, 'Dee');
  const { day } = (await t.http.get('/challenges/daily').set('Authorization', player.token).expect(200)).body as DailyChallenges;
  await t.http.post('/challenges/join').set('Authorization', player.token).send({ id: day }).expect(200);
  await t.http.post(`/challenge/${day}/round`).set('Authorization', player.token).send({ roundNumber: 0 }).expect(201);
  const scored = (await t.http.post('/challenges/addScore').set('Authorization', player.token).send({ id: day, roundNumber: 0, guessLoc: '0,0' }).expect(200)).body as ChallengeScoreResponse;
  return { day, target: scored.result.target };
}

describe('the day’s challenge', () => {
  it('is drawn by each server for itself: two servers play other places on the same day', async () => {
    const [first, second] = [await startTestApp(), await startTestApp()];
    try {
      const [a, b] = [await firstTargetOfToday(first), await firstTargetOfToday(second)];
      expect(a.day).toBe(b.day);
      expect(a.target).not.toEqual(b.target);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
