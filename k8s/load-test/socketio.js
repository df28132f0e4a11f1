// Socket.IO spoken by hand over a plain WebSocket (Engine.IO v4 frames), and an arena duellist: what the
// k6 load test's duel scenario does, in a module with no k6 import, so the repository's tests drive the
// same code against the real server (tests/api/load-test-protocol.api.test.ts).

/** Engine.IO packet types, then the Socket.IO packet types inside a message ("4"). */
const OPEN = '0';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
const CONNECT = '0';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';

/** Joins the default namespace with the identity token (the server checks it once, on connect). */
export function connectFrame(token) {
  return MESSAGE + CONNECT + JSON.stringify({ token });
}

/** An event, with an ack id when an answer is wanted. */
export function eventFrame(name, payload, ackId) {
  return MESSAGE + EVENT + (ackId === undefined ? '' : String(ackId)) + JSON.stringify([name, payload]);
}

/** What a frame from the server says. */
export function parseFrame(text) {
  if (text === PING) return { kind: 'ping' };
  if (text.startsWith(OPEN)) return { kind: 'open', data: JSON.parse(text.slice(1)) };
  if (!text.startsWith(MESSAGE)) return { kind: 'other' };
  const type = text[1];
  const rest = text.slice(2);
  if (type === CONNECT) return { kind: 'connected' };
  if (type === CONNECT_ERROR) return { kind: 'connect_error', data: rest ? JSON.parse(rest) : null };
  if (type === EVENT || type === ACK) {
    const bracket = rest.indexOf('[');
    const ackId = bracket > 0 ? Number(rest.slice(0, bracket)) : undefined;
    const args = JSON.parse(rest.slice(bracket));
    return type === EVENT ? { kind: 'event', name: args[0], data: args[1], ackId } : { kind: 'ack', ackId, data: args[0] };
  }
  return { kind: 'other' };
}

/**
 * A signed-up player who queues in the arena, joins the match it is given, and guesses somewhere at random
 * each round until the match ends. `onFrame` takes each frame from the server and returns the frames to
 * send; `phase` ends as 'done' (the match ended) or 'failed'.
 */
export class Duellist {
  constructor(uid, token, random = Math.random, now = Date.now) {
    this.uid = uid;
    this.token = token;
    this.random = random;
    this.now = now;
    this.phase = 'connecting';
    this.gameId = null;
    this.queuedAt = null;
    this.matchedAt = null;
    this.endedAt = null;
    this.rounds = 0;
    this.refused = [];
    this.failure = null;
    this.nextAck = 1;
    this.pending = new Map();
    this.guessed = new Set();
    this.version = -1;
    this.status = null;
    this.cr = 0;
    this.confirmed = new Set();
  }

  onFrame(text) {
    const frame = parseFrame(text);
    switch (frame.kind) {
      case 'open':
        return [connectFrame(this.token)];
      case 'ping':
        return [PONG];
      case 'connected':
        this.phase = 'queued';
        this.queuedAt = this.now();
        return [this.emit('EnterArena', {})];
      case 'connect_error':
        return this.fail(`refused on connect: ${JSON.stringify(frame.data)}`);
      case 'ack':
        return this.onAck(frame);
      case 'event':
        return this.onEvent(frame.name, frame.data);
      default:
        return [];
    }
  }

  emit(name, payload) {
    const id = this.nextAck++;
    this.pending.set(id, name);
    return eventFrame(name, payload, id);
  }

  onAck({ ackId, data }) {
    const name = this.pending.get(ackId);
    this.pending.delete(ackId);
    if (data && data.ok === false) {
      this.refused.push(`${name}: ${data.error.code}`);
      // Queueing or joining refused: this player cannot play.
      if (name === 'EnterArena' || name === 'JoinGame') return this.fail(`${name} refused: ${data.error.code} ${data.error.message}`);
    }
    if (name === 'JoinGame' && data && data.ok && this.phase === 'playing') {
      // The whole view, then small changes (docs/live.md): a duellist keeps only what it acts on.
      const view = data.data;
      if (view.version >= this.version) {
        this.version = view.version;
        this.status = view.status;
        this.cr = view.cr;
        for (const round of view.rounds) if (round.gus[this.uid] && round.gus[this.uid].isF) this.confirmed.add(round.index);
      }
      return this.act();
    }
    return [];
  }

  onEvent(name, data) {
    if (name === 'ArenaMatched' && this.phase === 'queued') {
      this.phase = 'playing';
      this.matchedAt = this.now();
      this.gameId = data.gameId;
      return [this.emit('JoinGame', { gameId: data.gameId })];
    }
    if (name !== 'GameChanged' || data.gameId !== this.gameId || this.phase !== 'playing' || data.v <= this.version) return [];
    this.version = data.v;
    for (const change of data.c) {
      if (change.k === 'game') {
        if (change.set.status !== undefined) this.status = change.set.status;
        if (change.set.cr !== undefined) this.cr = change.set.cr;
      }
      if (change.k === 'guess' && change.g.pId === this.uid && change.g.isF) this.confirmed.add(change.i);
    }
    return this.act();
  }

  /** Guesses once in each round it sees STARTED and has not confirmed; done when the match has ended. */
  act() {
    if (this.status === 'G_ED') {
      this.phase = 'done';
      this.endedAt = this.now();
      return [];
    }
    if (this.status !== 'SED' || this.guessed.has(this.cr) || this.confirmed.has(this.cr)) return [];
    this.guessed.add(this.cr);
    this.rounds += 1;
    const loc = { lat: this.random() * 140 - 70, lng: this.random() * 360 - 180 };
    return [this.emit('PlaceGuess', { gameId: this.gameId, roundIndex: this.cr, loc, final: true })];
  }

  fail(reason) {
    this.phase = 'failed';
    this.failure = reason;
    return [];
  }
}
