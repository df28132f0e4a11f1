import { movementFor, panoramaMovesSchema } from './panorama.js';

describe('movementFor', () => {
  it('lets a player move unless the game says No Move (pan and zoom only) or NMPZ (nothing)', () => {
    expect(movementFor()).toBe('move');
    expect(movementFor({ nm: false, nmpz: false })).toBe('move');
    expect(movementFor({ nm: true })).toBe('pan');
    expect(movementFor({ nmpz: true })).toBe('none');
    expect(movementFor({ nm: true, nmpz: true })).toBe('none');
  });
});

describe('panoramaMovesSchema', () => {
  it('takes a few tokens with bearings in [0, 360) and nothing else', () => {
    const token = 'A'.repeat(40);
    expect(panoramaMovesSchema.parse({ moves: [{ token, bearing: 0 }, { token, bearing: 359.9 }] }).moves).toHaveLength(2);
    expect(panoramaMovesSchema.safeParse({ moves: [{ token, bearing: 360 }] }).success).toBe(false);
    expect(panoramaMovesSchema.safeParse({ moves: Array.from({ length: 5 }, () => ({ token, bearing: 1 })) }).success).toBe(false);
  });
});
