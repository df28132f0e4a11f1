import type { Challenge, ChallengeDetail, ChallengePage, ChallengeProgress, ChallengeRoundView, ChallengeScoreResponse, DailyChallenges, DailyVisitStreak, UserProfileView } from '@globetrail/contracts';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** The game clock runs 20× faster: a 10 s round's deadline passes in well under a second. */
const SPEED = 20;
let t: TestApp;
let ada: Player;
let bob: Player;
let guest: Player;

/** Every response body a player received, in order, for the answer-blind check. */
const traffic: string[] = [];
const record = <R extends { text: string }>(response: R) => {
  traffic.push(response.text);
  return response;
};

beforeAll(async () => {
  t = await startTestApp({ env: { CLOCK_SPEED: String(SPEED) } });
  [ada, bob, guest] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bob'), await anonymousPlayer(t)];
});
afterAll(() => t.close());

const get = async (path: string, player?: Player) => record(await (player ? t.http.get(path).set('Authorization', player.token) : t.http.get(path)));
const post = async (path: string, player: Player | null, body?: object) => {
  const request = player ? t.http.post(path).set('Authorization', player.token) : t.http.post(path);
  return record(await (body === undefined ? request : request.send(body)));
};

/** SPEC §3's creation payload as a client sends it. */
const creation = (overrides: object = {}) => ({
  id: '',
  t: 'Around the world',
  d: 'Five places',
  sd: null,
  ed: null,
  ip: false,
  nmpz: false,
  nm: false,
  hsn: true,
  rl: -1,
  gat: true,
  mlte: 0,
  rou: [],
  ppr: [],
  spr: [],
  nr: 5,
  mid: 'world',
  mn: 'World',
  mc: null,
  mmd: 20_037_500,
  dmdp1: 0,
  dmdp2: -1,
  ...overrides,
});

async function create(player: Player, overrides: object = {}): Promise<Challenge> {
  const response = await post('/challenges/add', player, creation(overrides));
  expect(response.status).toBe(201);
  return response.body as Challenge;
}

const startRound = async (player: Player, id: string, roundNumber: number) => (await post(`/challenge/${id}/round`, player, { roundNumber })).body as ChallengeRoundView;
const guessAt = { lat: 48.85, lng: 2.35 };
const addScore = (player: Player, id: string, roundNumber: number, body: object = {}) => post('/challenges/addScore', player, { id, roundNumber, guessLoc: `${guessAt.lat},${guessAt.lng}`, ...body });

/** Plays every round of a challenge with the same guess; returns each round's answer. */
async function playThrough(player: Player, challenge: Pick<Challenge, 'id' | 'nr'>): Promise<ChallengeScoreResponse[]> {
  await post('/challenges/join', player, { id: challenge.id });
  const answers: ChallengeScoreResponse[] = [];
  for (let round = 0; round < challenge.nr; round++) {
    await startRound(player, challenge.id, round);
    const response = await addScore(player, challenge.id, round);
    expect(response.status).toBe(200);
    answers.push(response.body as ChallengeScoreResponse);
  }
  return answers;
}

describe('POST /challenges/add', () => {
  it('refuses bad payloads naming the field, and writes nothing', async () => {
    const before = ((await get('/myChallenges', ada)).body as ChallengePage).total;
    for (const [overrides, field] of [
      [{ t: '' }, 't'],
      [{ id: 'mine' }, 'id'],
      [{ rl: 0 }, 'rl'],
      [{ rl: 601 }, 'rl'],
      [{ nr: 0 }, 'nr'],
      [{ nr: 3, rou: ['48.85,2.35'] }, 'nr'],
      [{ rou: ['91,0'], nr: 1 }, 'rou.0'],
      [{ ppr: [1] }, 'ppr'],
      [{ sd: 2000, ed: 1000 }, 'ed'],
      [{ nmpz: 'yes' }, 'nmpz'],
      [{ mid: '' }, 'mid'],
    ] as const) {
      const response = await post('/challenges/add', ada, creation(overrides));
      expect({ status: response.status, field: response.body.field }).toEqual({ status: 400, field });
    }
    expect((await post('/challenges/add', ada, creation({ mid: 'no-such-map' }))).body).toMatchObject({ statusCode: 404, field: 'mid' });
    expect(((await get('/myChallenges', ada)).body as ChallengePage).total).toBe(before);
  });

  it('needs a signed-up player: no token 401, an anonymous one 403', async () => {
    expect((await post('/challenges/add', null, creation())).status).toBe(401);
    expect((await post('/challenges/add', guest, creation())).status).toBe(403);
  });

  it('creates a challenge whose rounds the server drew, with no target in the answer', async () => {
    const challenge = await create(ada, { nmpz: true, rl: 10, t: 'NMPZ sprint' });
    expect(challenge).toMatchObject({ aid: ada.profile.uid, an: 'Ada', mid: 'world', mn: 'World', nr: 5, nmpz: true, rl: 10, bl: false, rou: [], players: 0, rating: null });
  });

  it('takes the author’s own rounds (rou) as pictures near each place, and refuses a place with none', async () => {
    const response = await post('/challenges/add', ada, creation({ rou: ['0,-150'], nr: 1 }));
    expect(response.body).toMatchObject({ statusCode: 400, code: 'no_imagery', field: 'rou.0' });
  });
});

describe('playing a custom challenge', () => {
  let challenge: Challenge;
  beforeAll(async () => {
    challenge = await create(ada, { t: 'Five places' });
  });

  it('anyone reads it; progress and play need a signed-up player', async () => {
    expect(((await get(`/challenge/Anon/${challenge.id}`)).body as ChallengeDetail).t).toBe('Five places');
    expect((await get(`/challenge/${challenge.id}`, guest)).status).toBe(200);
    expect((await get(`/challenge/progress/${challenge.id}`, guest)).status).toBe(403);
    expect((await post('/challenges/join', guest, { id: challenge.id })).status).toBe(403);
    expect((await get('/challenge/Anon/nope')).status).toBe(404);
    expect((await post('/challenges/join', bob, { id: 'nope' })).body).toMatchObject({ statusCode: 404, field: 'id' });
    expect((await post('/challenges/join', bob, {})).body).toMatchObject({ statusCode: 400, field: 'id' });
  });

  it('plays round by round: the server scores, refuses a client score that disagrees, and reveals a target only after the guess', async () => {
    const joined = (await post('/challenges/join', bob, { id: challenge.id })).body as { ch: Challenge; chp: ChallengeProgress };
    expect(joined.chp).toMatchObject({ id: challenge.id, spr: [], glpr: [], ra: false, joined: true, current: null });
    expect(((await get('/user/profile', bob)).body as UserProfileView).currentChallengeID).toBe(challenge.id);

    expect((await post(`/challenge/${challenge.id}/round`, bob, { roundNumber: 1 })).body).toMatchObject({ statusCode: 409, code: 'round_not_current' });
    const round = await startRound(bob, challenge.id, 0);
    expect(round).toMatchObject({ roundNumber: 0, movement: 'move', deadline: null, panoramaUrl: expect.stringMatching(/^\/pano\//) });
    // Asked again: the same round (only the server's `now` has moved on).
    expect({ ...(await startRound(bob, challenge.id, 0)), now: round.now }).toEqual(round);
    expect((await t.http.get(round.panoramaUrl)).status).toBe(200);

    const refused = await addScore(bob, challenge.id, 0, { scoreToAdd: 12 });
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'score_mismatch', field: 'scoreToAdd' });
    expect(((await get(`/challenge/progress/${challenge.id}`, bob)).body as ChallengeProgress).spr).toEqual([]);

    const scored = (await addScore(bob, challenge.id, 0)).body as ChallengeScoreResponse;
    expect(scored.result).toMatchObject({ roundNumber: 0, guess: guessAt, points: expect.any(Number) });
    expect(scored.ch.rou).toEqual([`${scored.result.target.lat},${scored.result.target.lng}`]);
    expect(scored.chp).toMatchObject({ spr: [scored.result.points], glpr: ['48.85,2.35'], current: null });
    expect(scored.chs).toBeNull();
    // Sent again (a retry), the same guess changes nothing; another is refused.
    expect(((await addScore(bob, challenge.id, 0)).body as ChallengeScoreResponse).chp.spr).toHaveLength(1);
    expect((await addScore(bob, challenge.id, 0, { guessLoc: '10,10' })).body).toMatchObject({ code: 'round_already_guessed' });
    // A matching claim is accepted.
    await startRound(bob, challenge.id, 1);
    const claims = await addScore(bob, challenge.id, 1, { scoreFromNMPZ: 0, scoreFromNM: 0 });
    expect(claims.status).toBe(200);
  });

  it('finishes: rating once, comments on played rounds, results, lists', async () => {
    for (let round = 2; round < 5; round++) {
      await startRound(bob, challenge.id, round);
      await addScore(bob, challenge.id, round);
    }
    const progress = (await get(`/challenge/progress/${challenge.id}`, bob)).body as ChallengeProgress;
    expect(progress.spr).toHaveLength(5);
    expect((await post('/challenges/rate', bob, { challengeId: challenge.id, rating: 6 })).body).toMatchObject({ statusCode: 400, field: 'rating' });
    expect((await post('/challenges/rate', bob, { challengeId: challenge.id, rating: 4 })).status).toBe(200);
    expect((await post('/challenges/rate', bob, { challengeId: challenge.id, rating: 2 })).body).toMatchObject({ statusCode: 409, code: 'already_rated' });
    expect(((await get(`/challenge/progress/${challenge.id}`, bob)).body as ChallengeProgress).ra).toBe(true);

    expect((await post('/challenges/addComment', bob, { challengeId: challenge.id, roundNumber: 0, comment: '  ' })).body).toMatchObject({ statusCode: 400, field: 'comment' });
    expect((await post('/challenges/addComment', bob, { challengeId: challenge.id, roundNumber: 0, comment: 'Lovely light' })).status).toBe(201);
    // Ada has not played: she sees the count, not the comment (it could give the place away).
    const forAda = (await get(`/challenge/${challenge.id}`, ada)).body as ChallengeDetail;
    expect(forAda).toMatchObject({ players: 1, completions: 1, rating: 4, ratings: 1, comments: 1, commentList: [], rou: [] });
    expect(forAda.results).toEqual([{ userId: bob.profile.uid, name: 'Bob', totalPoints: progress.spr.reduce((a, b) => a + b, 0), rounds: 5, completed: true }]);
    const forBob = (await get(`/challenge/${challenge.id}`, bob)).body as ChallengeDetail;
    expect(forBob.commentList).toMatchObject([{ name: 'Bob', roundNumber: 0, comment: 'Lovely light' }]);
    expect(forBob.rou).toHaveLength(5);

    const page = (await get('/challenges/0/50/new', bob)).body as ChallengePage;
    expect(page.challenges.find((entry) => entry.id === challenge.id)).toMatchObject({ played: 5, players: 1 });
    expect((await get('/challenges/Anon/0/50/new')).body.challenges.find((entry: { id: string }) => entry.id === challenge.id)).toMatchObject({ played: null });
    expect((await get('/challenges/Anon/0/10/bogus')).body).toMatchObject({ statusCode: 400, field: 'c' });
    expect((await get('/challenges/Anon/0/51/new')).body).toMatchObject({ statusCode: 400, field: 'b' });
  });

  it('leaving clears the current challenge; leaving again says there is none', async () => {
    expect((await post('/challenges/leave', bob)).body).toEqual({ left: challenge.id });
    expect(((await get('/user/profile', bob)).body as UserProfileView).currentChallengeID).toBeNull();
    expect((await post('/challenges/leave', bob)).body).toMatchObject({ statusCode: 409, code: 'not_joined' });
  });
});

describe('private challenges, start and end', () => {
  it('a private challenge is reachable by its link only; its author lists it under myChallenges', async () => {
    const hidden = await create(ada, { ip: true, t: 'Friends only' });
    expect(((await get('/challenges/Anon/0/50/new')).body as ChallengePage).challenges.some((entry) => entry.id === hidden.id)).toBe(false);
    expect((await get(`/challenge/Anon/${hidden.id}`)).status).toBe(200);
    expect(((await get('/myChallenges', ada)).body as ChallengePage).challenges.some((entry) => entry.id === hidden.id)).toBe(true);
  });

  it('refuses to join before sd and after ed', async () => {
    const later = await create(ada, { sd: Math.floor(Date.now() / 1000) + 365 * 86400 });
    expect((await post('/challenges/join', bob, { id: later.id })).body).toMatchObject({ statusCode: 409, code: 'challenge_not_started' });
    const over = await create(ada, { sd: 1_000, ed: 2_000 });
    expect((await post('/challenges/join', bob, { id: over.id })).body).toMatchObject({ statusCode: 409, code: 'challenge_ended' });
  });
});

describe('time limits', () => {
  it('refuses a guess after the server deadline; the round then ends with no guess and 0 points', async () => {
    const timed = await create(ada, { rl: 10, gat: false, nmpz: true, nr: 1 });
    await post('/challenges/join', bob, { id: timed.id });
    const round = await startRound(bob, timed.id, 0);
    expect(round.movement).toBe('none');
    const windowMs = Date.parse(round.deadline!) - Date.parse(round.startedAt);
    expect(windowMs).toBe(13_000);
    expect(Date.parse(round.timeUp!) - Date.parse(round.startedAt)).toBe(10_000);
    // Wait for the server's deadline to pass (its clock runs SPEED times faster than this one).
    await new Promise((resolve) => setTimeout(resolve, (Date.parse(round.deadline!) - Date.parse(round.now!)) / SPEED + 50));
    expect((await addScore(bob, timed.id, 0)).body).toMatchObject({ statusCode: 409, code: 'round_time_over', field: 'guessLoc' });
    const ended = (await addScore(bob, timed.id, 0, { guessLoc: null })).body as ChallengeScoreResponse;
    expect(ended.result).toMatchObject({ guess: null, points: 0, distanceMeters: null });
    expect(ended.chp.glpr).toEqual(['']);
  });
});

describe('daily challenges and streaks', () => {
  it('makes one set of four a day, even under concurrent first requests', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.http.get('/challenges/daily')));
    for (const answer of answers) record(answer);
    const days = answers.map((answer) => answer.body as DailyChallenges);
    const day = days[0]!.day;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const daily of days) expect(daily.challenges.map((c) => c.id)).toEqual([day, `${day}-NM`, `${day}-NMPZ`, `${day}-Blink`]);
    const [plain, nm, nmpz, blink] = days[0]!.challenges;
    expect(plain).toMatchObject({ aid: 'system', daily: day, nr: 5, mid: 'world', nm: false, nmpz: false });
    expect(nm).toMatchObject({ nm: true });
    expect(nmpz).toMatchObject({ nmpz: true });
    expect(blink).toMatchObject({ bl: true, rl: 2 });
    const listed = ((await get('/challenges/Anon/0/50/new')).body as ChallengePage).challenges.filter((entry) => entry.daily?.startsWith(day));
    expect(listed).toHaveLength(4);
  });

  it('completing today’s daily starts the daily-challenge streak; the visit check starts the visit streak', async () => {
    const carol = await signedUpPlayer(t, 'Carol');
    const { day } = (await get('/challenges/daily', carol)).body as DailyChallenges;
    const answers = await playThrough(carol, { id: `${day}-Blink`, nr: 5 });
    expect(answers.slice(0, 4).every((answer) => answer.chs === null)).toBe(true);
    expect(answers[4]!.chs).toEqual({ dcs: 1, dcsb: 1, dcsd: day.replaceAll('-', '') });
    const streak = (await get('/user/DailyVisitStreak', carol)).body as DailyVisitStreak;
    expect(streak).toEqual({ dvs: 1, dvsb: 1, dcs: 1, dcsb: 1, dcsd: day.replaceAll('-', '') });
    expect((await get('/user/DailyVisitStreak', carol)).body).toEqual(streak);
    const daily = (await get('/challenges/daily', carol)).body as DailyChallenges;
    expect(daily.challenges.find((c) => c.id === `${day}-Blink`)).toMatchObject({ played: 5 });
    expect((await get('/user/DailyVisitStreak', guest)).status).toBe(403);
    const profile = (await get('/user/profile', carol)).body as UserProfileView;
    expect(profile).toMatchObject({ dvs: 1, dcs: 1, dcsb: 1 });
  });
});

describe('answer-blindness', () => {
  it('no response carried a round’s target before that player’s own result for it', async () => {
    const dave = await signedUpPlayer(t, 'Dave');
    const challenge = await create(ada, { nr: 3 });
    const start = traffic.length;
    await post('/challenges/join', dave, { id: challenge.id });
    for (let round = 0; round < 3; round++) {
      await startRound(dave, challenge.id, round);
      await get(`/challenge/${challenge.id}`, dave);
      await get(`/challenge/progress/${challenge.id}`, dave);
      const before = traffic.slice(start).join('\n');
      const result = ((await addScore(dave, challenge.id, round)).body as ChallengeScoreResponse).result;
      const { lat, lng } = result.target;
      expect(before).not.toContain(String(lat));
      expect(before).not.toContain(String(lng));
    }
  });
});
