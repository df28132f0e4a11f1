// The load test k6 runs in the cluster (job.yaml): players sign up and play real single-player rounds over
// HTTP, and real arena duels over Socket.IO (socketio.js). Pass/fail thresholds end the Job's run.
import http from 'k6/http';
import ws from 'k6/ws';
import { check, fail } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import { Duellist } from './socketio.js';

const BASE = __ENV.BASE_URL || 'http://api.globetrail.svc.cluster.local';
const AUTH_BASE = __ENV.AUTH_URL || 'http://identity.globetrail.svc.cluster.local';
const GATEWAY_BASE = __ENV.GATEWAY_URL || 'http://gateway.globetrail.svc.cluster.local';
const SOCKET_URL = `${GATEWAY_BASE.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
const SOLO_VUS = Number(__ENV.SOLO_VUS || 50);
// Duels pair players: an even number.
const DUEL_VUS = 2 * Math.ceil(Number(__ENV.DUEL_VUS || 20) / 2);
const DURATION = __ENV.DURATION || '3m';
const DUEL_TIMEOUT_MS = Number(__ENV.DUEL_TIMEOUT_MS || 300000);

export const options = {
  scenarios: {
    solo: {
      executor: 'ramping-vus',
      exec: 'solo',
      startVUs: 0,
      stages: [
        { duration: '30s', target: SOLO_VUS },
        { duration: DURATION, target: SOLO_VUS },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
    duels: {
      executor: 'constant-vus',
      exec: 'duel',
      vus: DUEL_VUS,
      duration: DURATION,
      gracefulStop: '5m',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{step:start}': ['p(95)<500'],
    'http_req_duration{step:guess}': ['p(95)<300'],
    'http_req_duration{step:score}': ['p(95)<300'],
    duel_finished: ['rate>0.95'],
    arena_match_ms: ['p(95)<30000'],
  },
};

const duelFinished = new Rate('duel_finished');
const matchTime = new Trend('arena_match_ms', true);
const duelTime = new Trend('duel_ms', true);

const json = { headers: { 'Content-Type': 'application/json' } };
let session = null;

/** One account per virtual player, made on its first iteration. */
function signUp() {
  if (session) return session;
  const id = `${__VU}-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  const body = JSON.stringify({ name: `Load ${__VU}`, email: `load-${id}@example.org`, password: `load-test-${id}` });
  const signedUp = http.post(`${AUTH_BASE}/auth/signup`, body, { ...json, tags: { step: 'signup' } });
  if (!check(signedUp, { 'signed up': (r) => r.status === 201 })) fail(`sign-up answered ${signedUp.status}`);
  const token = signedUp.json('idToken');
  const created = http.post(`${BASE}/user/create`, null, { headers: { Authorization: token }, tags: { step: 'profile' } });
  check(created, { 'profile created': (r) => r.status === 201 || r.status === 200 });
  session = { token, uid: signedUp.json('user.uid') };
  return session;
}

export function solo() {
  const { token } = signUp();
  const auth = { headers: { 'Content-Type': 'application/json', Authorization: token } };
  const game = http.post(`${BASE}/solo`, '{}', { ...auth, tags: { step: 'start' } });
  if (!check(game, { 'game started': (r) => r.status === 201 })) return;
  const { gameId, mapId } = game.json();
  const guess = { lat: Math.random() * 140 - 70, lng: Math.random() * 360 - 180 };
  const placed = http.post(`${BASE}/solo/${gameId}/guess`, JSON.stringify({ roundIndex: 0, guess }), { ...auth, tags: { step: 'guess' } });
  if (!check(placed, { 'guess scored': (r) => r.status === 200 })) return;
  const result = placed.json('result');
  const streak = result.targetCountryCode !== null && result.guessCountryCode === result.targetCountryCode ? 1 : 0;
  const submission = {
    gameId,
    roundNumber: result.roundIndex,
    scoreToAdd: result.points,
    mapId,
    bestGuessInMeters: result.distanceMeters,
    bestCountryStreak: streak,
    currentCountryStreak: streak,
    scoreFromStreak: 0,
    scoreFromNMPZ: 0,
    scoreFromNM: 0,
    targetLocation: [result.target.lat, result.target.lng],
    guessLocation: [result.guess.lat, result.guess.lng],
    countryCode: result.targetCountryCode,
    gameType: 1,
  };
  const scored = http.post(`${BASE}/score/submit`, JSON.stringify(submission), { ...auth, tags: { step: 'score' } });
  // 409: this player already scored this target (the offline pictures repeat), which SPEC refuses.
  check(scored, { 'score accepted': (r) => r.status === 200 || r.status === 409 });
}

export function duel() {
  const { token, uid } = signUp();
  const duellist = new Duellist(uid, token);
  const answer = ws.connect(SOCKET_URL, {}, (socket) => {
    socket.on('message', (text) => {
      for (const frame of duellist.onFrame(text)) socket.send(frame);
      if (duellist.phase === 'done' || duellist.phase === 'failed') socket.close();
    });
    socket.setTimeout(() => socket.close(), DUEL_TIMEOUT_MS);
  });
  check(answer, { 'socket opened': (r) => r && r.status === 101 });
  check(duellist, { 'no command refused': (d) => d.refused.length === 0 });
  duelFinished.add(duellist.phase === 'done');
  if (duellist.matchedAt !== null) matchTime.add(duellist.matchedAt - duellist.queuedAt);
  if (duellist.endedAt !== null) duelTime.add(duellist.endedAt - duellist.matchedAt);
}
