import { RATE_LIMITS, RateLimitedError, RateLimits } from './rate-limits.js';

describe('the abuse limits', () => {
  it('count per player and per address separately, and refuse the action past either window', async () => {
    const limits = new RateLimits(1);
    const { player, address } = RATE_LIMITS.chat;
    for (let i = 0; i < player.points; i += 1) await limits.consume('chat', { player: 'ada', address: '10.0.0.1' });
    await expect(limits.consume('chat', { player: 'ada', address: '10.0.0.2' })).rejects.toMatchObject({ name: 'RateLimitedError', limit: 'chat' });
    // Another player from the same address still has room until the address's window fills.
    await limits.consume('chat', { player: 'bob', address: '10.0.0.1' });
    for (let i = player.points + 1; i < address.points; i += 1) await limits.consume('chat', { player: `p${i}`, address: '10.0.0.1' });
    const refused = await limits.consume('chat', { player: 'zoe', address: '10.0.0.1' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).message).toMatch(/^too many chat messages: 200 per minute are allowed; try again in \d+ s$/);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("uses up nobody's allowance with a refused action", async () => {
    const limits = new RateLimits(1);
    const { player, address } = RATE_LIMITS.chat;
    // Others fill the address's window.
    for (let i = 0; i < address.points; i += 1) await limits.consume('chat', { player: `p${i % 100}-${i}`, address: '10.0.0.1' });
    // Zoe, on that address, is refused again and again: her own window must not fill with those refusals.
    for (let i = 0; i < player.points + 5; i += 1) await expect(limits.consume('chat', { player: 'zoe', address: '10.0.0.1' })).rejects.toBeInstanceOf(RateLimitedError);
    for (let i = 0; i < player.points; i += 1) await limits.consume('chat', { player: 'zoe', address: '10.0.0.9' });
    await expect(limits.consume('chat', { player: 'zoe', address: '10.0.0.9' })).rejects.toMatchObject({ limit: 'chat' });
  });

  it('weighs an action by its size where asked (locations a map save writes), and a refused one uses up nothing', async () => {
    const limits = new RateLimits(1);
    const { player } = RATE_LIMITS.mapLocationsWritten;
    for (let i = 0; i < 5; i += 1) await limits.consume('mapLocationsWritten', { player: 'ada' }, 10_000);
    expect(player.points).toBe(50_000);
    const refused = await limits.consume('mapLocationsWritten', { player: 'ada' }, 1).catch((error: unknown) => error);
    expect((refused as RateLimitedError).message).toMatch(/^too many map locations written: 50000 per hour are allowed/);
    // Bob's big save that does not fit is refused whole and leaves his allowance as it was.
    await limits.consume('mapLocationsWritten', { player: 'bob' }, 45_000);
    await expect(limits.consume('mapLocationsWritten', { player: 'bob' }, 10_000)).rejects.toBeInstanceOf(RateLimitedError);
    await limits.consume('mapLocationsWritten', { player: 'bob' }, 5_000);
  });

  it('counts only failures for check/penalize limits', async () => {
    const limits = new RateLimits(0.1);
    const actor = { address: '192.0.2.1' };
    for (let i = 0; i < 10; i += 1) await limits.check('failedSignIn', actor);
    for (let i = 0; i < 3; i += 1) await limits.penalize('failedSignIn', actor);
    await expect(limits.check('failedSignIn', actor)).rejects.toMatchObject({ limit: 'failedSignIn', allowed: { points: 3, seconds: 900 } });
    await limits.check('failedSignIn', { address: '192.0.2.2' });
  });

  it('scale with RATE_LIMIT_SCALE, and 0 turns them off', async () => {
    const loose = new RateLimits(2);
    for (let i = 0; i < 2 * RATE_LIMITS.signUp.address.points; i += 1) await loose.consume('signUp', { address: 'a' });
    await expect(loose.consume('signUp', { address: 'a' })).rejects.toBeInstanceOf(RateLimitedError);
    const off = new RateLimits(0);
    expect(off.enabled).toBe(false);
    for (let i = 0; i < 1000; i += 1) await off.consume('signUp', { address: 'a' });
  });

  it('skip a key the actor does not have (a guest report without a player)', async () => {
    const limits = new RateLimits(1);
    for (let i = 0; i < 10; i += 1) await limits.consume('clientErrorReport', { player: null, address: `addr-${i}` });
    await limits.consume('clientErrorReport', { player: null, address: 'fresh' });
  });
});
