import { movementFor, panoramaMovesSchema, servedBearing } from './panorama.js';

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

describe('servedBearing', () => {
  it("turns a compass bearing into the yaw of the round's turned pictures, in [0, 360) to a tenth of a degree", () => {
    expect(servedBearing(90, 30)).toBe(60);
    expect(servedBearing(10, 123.4)).toBe(246.6);
    expect(servedBearing(0, 0.04)).toBe(0);
    expect(servedBearing(359.99, 0)).toBe(0);
    expect(servedBearing(45.06, 0)).toBe(45.1);
    expect(servedBearing(-90, 0)).toBe(270);
  });

  it('leaves a bearing as it is when the pictures are not turned (Google)', () => {
    expect(servedBearing(12.345, undefined)).toBe(12.345);
  });
});
