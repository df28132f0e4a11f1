import { eloDelta, type GameEvent, gameViewSchema, LIVE, panoramaPath } from '@globetrail/contracts';
import { ada, arena, bob, cyd, GAME_ID, iso, launched, pictureAt, places, script, T0 } from './game.fixtures.js';
import { CHAT_VIEW_LIMIT, type FullGameView, projectGameView } from './game-view.js';
import { changesBetween } from './view-changes.js';
import { spectatorView, viewFor } from './view-filter.js';

/** The full view after every event, revision = position in the stream. */
const project = (events: readonly GameEvent[]) => events.reduce<FullGameView | null>((view, event, revision) => projectGameView(view, event, revision), null)!;
const NOW = T0 + 1_000_000;

describe('game view', () => {
  describe('projectGameView', () => {
    it('versions the view with the stream revision and validates against the contract', () => {
      const s = launched('T', [ada, bob, cyd]).startRound();
      const full = project(s.events);
      expect(full.live.version).toBe(s.events.length - 1);
      expect(gameViewSchema.parse(viewFor(full, { playerId: 'ada' }, NOW))).toBeTruthy();
      expect(full.live).toMatchObject({ status: 'SED', cr: 0, host: 'ada', teams: { '0': { hp: 6000, p: { ada: { name: 'Ada' }, cyd: {} } }, '1': { p: { bob: {} } } } });
    });

    it('ignores an event at or below the version it holds', () => {
      const s = launched('A', [ada]).startRound();
      const full = project(s.events);
      expect(projectGameView(full, s.events[0]!, 2)).toBe(full);
    });

    it('refuses an event before GameCreated (a broken stream)', () => {
      expect(() => projectGameView(null, { type: 'GameLaunched', version: 1, data: { at: iso(0) } }, 0)).toThrow(/before GameCreated/);
    });

    it('follows players leaving and switching teams', () => {
      const s = script().create('T').join(bob).join(cyd).run({ type: 'ChooseTeam', gameId: GAME_ID, playerId: 'cyd', team: '1' }).run({ type: 'LeaveGame', gameId: GAME_ID, playerId: 'bob' });
      const { live } = project(s.events);
      expect(Object.keys(live.us)).toEqual(['ada', 'cyd']);
      expect(live.teams).toMatchObject({ '0': { p: { ada: {} } }, '1': { p: { cyd: { id: 'cyd', name: 'Cyd' } } } });
      expect(Object.keys(live.teams!['0'].p)).toEqual(['ada']);
    });

    it('keeps the last 100 chat messages, and a restart clears rounds and chat', () => {
      const s = launched('D', [ada, bob], { s_hp: 500 });
      for (let i = 0; i <= CHAT_VIEW_LIMIT; i += 1) s.wait(LIVE.chatIntervalMs).run({ type: 'PostChat', gameId: GAME_ID, playerId: 'ada', messageId: `m${i}`, text: `${i}` });
      expect(project(s.events).live.chat).toHaveLength(CHAT_VIEW_LIMIT);
      expect(project(s.events).live.chat[0]).toMatchObject({ id: 'm1', uid: 'ada', name: 'Ada', text: '1' });
      s.startRound().guess('ada', places.paris).guess('bob', places.tokyo).run({ type: 'RestartGame', gameId: GAME_ID, playerId: 'ada' });
      expect(project(s.events).live).toMatchObject({ status: 'C', cr: 0, rounds: [], chat: [], result: null, teams: { '0': { hp: 500 }, '1': { hp: 500 } } });
    });

    it('totals points per player and carries arena rating changes into the result', () => {
      const s = arena(ada, bob).startRound().guess('ada', places.paris).guess('bob', places.tokyo);
      const { live } = project(s.events);
      expect(live.us.ada!.points).toBe(10000);
      expect(live.result).toMatchObject({ reason: 'knockout', winnerTeam: '0', ratingChanges: { ada: { before: 1200, after: 1200 + eloDelta(1200, 1000, 1) } } });
      expect(live.cr).toBe(0);
      const circles = project(launched('C', [ada], { nr: 1 }).startRound().guess('ada', places.paris, { r: 0 }).events).live;
      expect(circles.result?.ratingChanges).toEqual({});
      expect(circles.cr).toBe(-1);
    });
  });

  describe('viewFor: answer-blind', () => {
    it("gives every player the round's heading in its turned pictures' frame (yawOffset), not the place's own", () => {
      const picture = pictureAt(places.paris);
      const turned = { ...picture, panorama: { ...picture.panorama, yawOffset: 100 } };
      const s = launched('A', [ada, bob]).run({ type: 'PrepareRound', gameId: GAME_ID, roundIndex: 0, picture: turned });
      s.wait(LIVE.countdownMs).run({ type: 'BeginRound', gameId: GAME_ID, roundIndex: 0 });
      for (const playerId of ['ada', 'bob']) expect(viewFor(project(s.events), { playerId }, NOW).rounds[0]!.pano).toMatchObject({ heading: 350 });
      expect(spectatorView(project(s.events), 0, NOW).rounds[0]!.pano).toMatchObject({ heading: 350 });
    });

    it('hides the picture during the countdown and the target until the round ends', () => {
      const s = launched('A', [ada, bob]).run({ type: 'PrepareRound', gameId: GAME_ID, roundIndex: 0, picture: pictureAt(places.paris) });
      const counting = viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]!;
      expect(counting).toMatchObject({ loc: null, targetCountryCode: null, pano: null });
      s.wait(LIVE.countdownMs).run({ type: 'BeginRound', gameId: GAME_ID, roundIndex: 0 });
      const playing = viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]!;
      expect(playing).toMatchObject({ loc: null, pano: { url: panoramaPath(pictureAt(places.paris).panorama.token), heading: 90, movement: 'move' } });
      s.guess('ada', places.london).guess('bob', places.paris);
      expect(viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]).toMatchObject({ loc: places.paris, targetCountryCode: 'FR', ended: true });
    });

    it("shows a player their own guess and only that the others have guessed", () => {
      const s = launched('A', [ada, bob, cyd]).startRound().guess('ada', places.london, { final: false }).guess('bob', places.brussels);
      const { gus } = viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]!;
      expect(gus.ada).toMatchObject({ loc: places.london, isF: false });
      expect(gus.bob).toEqual({ pId: 'bob', loc: null, r: -1, isF: true, points: null, distance: null, auto: false });
    });

    it("with sga, shows a player who confirmed the others' confirmed guesses, not their markers", () => {
      const s = launched('A', [ada, bob, cyd], { sga: true }).startRound().guess('bob', places.brussels).guess('cyd', places.tokyo, { final: false });
      expect(viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]!.gus.bob!.loc).toBeNull();
      s.guess('ada', places.london);
      const { gus } = viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]!;
      expect(gus.bob!.loc).toEqual(places.brussels);
      expect(gus.cyd!.loc).toBeNull();
      expect(viewFor(project(s.events), { playerId: null }, NOW).rounds[0]!.gus.bob!.loc).toBeNull();
    });

    it('shows every guess with its points once the round ends, markers made final', () => {
      const s = launched('A', [ada, bob]).startRound().guess('bob', places.brussels, { final: false }).run({ type: 'ForceEndRound', gameId: GAME_ID, playerId: 'ada', roundIndex: 0 });
      const round = viewFor(project(s.events), { playerId: 'ada' }, NOW).rounds[0]!;
      expect(round.gus.bob).toMatchObject({ loc: places.brussels, isF: true, auto: true, points: expect.any(Number), distance: expect.any(Number) });
      expect(round.gus.ada).toBeUndefined();
    });

    it('names the viewer a player or a spectator and stamps the server time', () => {
      const full = project(launched('A', [ada]).events);
      expect(viewFor(full, { playerId: 'ada' }, NOW)).toMatchObject({ viewer: { role: 'player', playerId: 'ada' }, serverNow: NOW });
      expect(viewFor(full, { playerId: 'zed' }, NOW).viewer).toEqual({ role: 'spectator', playerId: 'zed' });
      expect(viewFor(full, { playerId: null }, NOW).viewer).toEqual({ role: 'spectator', playerId: null });
    });

    it('reveals the target of a round cut short once the game is over', () => {
      const s = launched('D', [ada, bob]).startRound().disconnect('bob').wait(LIVE.connectedWindowMs).run({ type: 'CheckPresence', gameId: GAME_ID });
      expect(viewFor(project(s.events), { playerId: null }, NOW).rounds[0]!.loc).toEqual(places.paris);
    });
  });

  describe('spectatorView', () => {
    const game = () => launched('A', [ada, bob], { nr: 2 }).startRound().guess('ada', places.london).guess('bob', places.paris).nextRound().guess('ada', places.paris).guess('bob', places.paris);

    it('is live, filtered as for a non-player, with no delay', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.london);
      const view = spectatorView(project(s.events), 0, NOW);
      expect(view).toMatchObject({ status: 'SED', version: s.events.length - 1, viewer: { role: 'spectator', playerId: null } });
      expect(view.rounds[0]!.gus.ada!.loc).toBeNull();
    });

    it("shows a round's guesses once its players can no longer guess, and its target a phase after the players", () => {
      const s = launched('A', [ada, bob], { nr: 2 }).startRound().guess('ada', places.london).guess('bob', places.paris);
      const atRoundEnd = spectatorView(project(s.events), 1, NOW);
      expect(atRoundEnd.status).toBe('SED');
      expect(atRoundEnd.rounds[0]).toMatchObject({ loc: null, gus: { ada: { loc: null, isF: true } } });
      s.nextRound();
      const duringNextCountdown = project(s.events.filter((event) => event.type !== 'RoundStarted' || event.data.roundIndex === 0));
      expect(spectatorView(duringNextCountdown, 1, NOW)).toMatchObject({ status: 'R_ED', rounds: [{ loc: places.paris, gus: { ada: { loc: places.london } } }] });
    });

    it('gives versions that only grow, whatever the delay', () => {
      const { events } = game();
      for (const delay of [0, 1, 2]) {
        let full: FullGameView | null = null;
        const versions: number[] = [];
        events.forEach((event, revision) => {
          full = projectGameView(full, event, revision);
          versions.push(spectatorView(full, delay, NOW).version);
        });
        expect(versions).toEqual([...versions].sort((a, b) => a - b));
        expect(versions.at(-1)).toBeLessThanOrEqual(events.length - 1);
      }
    });

    it('keeps only as many phase ends as the longest delay, and clamps a longer one', () => {
      const running = launched('A', [ada, bob], { nr: 2 }).startRound().guess('ada', places.london).guess('bob', places.paris).nextRound().guess('ada', places.paris);
      const full = project(running.events);
      expect(full.phaseEnds).toHaveLength(2);
      expect(spectatorView(full, 5, NOW).version).toBe(full.phaseEnds[1]!.version);
    });

    it('shows a finished game to spectators at once: no phase follows to release it, and nothing is left to relay', () => {
      const { events } = game();
      const view = spectatorView(project(events), 1, NOW);
      expect(view).toMatchObject({ status: 'G_ED', version: events.length - 1, rounds: [{ loc: places.paris }, { loc: places.paris }] });
    });
  });
});

describe('changesBetween: who sees what an event changed', () => {
  const round = () => launched('D', [ada, bob]).startRound();
  /** The change set of the script's last event. */
  const lastChanges = (s: ReturnType<typeof round>) => {
    const before = project(s.events.slice(0, -1));
    return changesBetween(before.live, projectGameView(before, s.events.at(-1)!, s.events.length - 1).live);
  };

  it("keeps a player's later unconfirmed marker moves to that player", () => {
    const s = round().guess('ada', places.london, { final: false }).guess('ada', places.paris, { final: false });
    const { shared, own } = lastChanges(s);
    expect(shared).toBeNull();
    expect([...own.keys()]).toEqual(['ada']);
    expect(own.get('ada')).toEqual([{ k: 'guess', i: 0, g: expect.objectContaining({ pId: 'ada', loc: places.paris, isF: false }) }]);
  });

  it('shares the first marker (everyone sees "has placed a marker"), a confirmed guess, and anything else', () => {
    const first = lastChanges(round().guess('ada', places.london, { final: false }));
    expect(first.shared).toEqual([{ k: 'guess', i: 0, g: { pId: 'ada', loc: null, r: -1, isF: false, points: null, distance: null, auto: false } }]);
    expect(first.own.get('ada')).toEqual([{ k: 'guess', i: 0, g: expect.objectContaining({ loc: places.london }) }]);

    const confirmed = lastChanges(round().guess('ada', places.london, { final: false }).guess('ada', places.paris));
    expect(confirmed.shared).toEqual([{ k: 'guess', i: 0, g: expect.objectContaining({ pId: 'ada', loc: null, isF: true }) }]);

    const chat = lastChanges(round().run({ type: 'PostChat', gameId: GAME_ID, playerId: 'bob', messageId: 'm1', text: 'hi' }));
    expect(chat.shared).toEqual([{ k: 'chat', m: expect.objectContaining({ id: 'm1', text: 'hi' }) }]);
    expect(chat.own.size).toBe(0);
  });
});
