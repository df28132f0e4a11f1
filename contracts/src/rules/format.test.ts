import { displayDistance, formatCount, formatSeconds, ordinal } from './format.js';

describe('displayDistance (SPEC §9)', () => {
  it('shows metres up to 1000 m and kilometres above', () => {
    expect(displayDistance(999.6, false)).toEqual({ value: 1000, unit: 'm' });
    expect(displayDistance(1000, false)).toEqual({ value: 1000, unit: 'm' });
    expect(displayDistance(1001, false)).toEqual({ value: 1, unit: 'km' });
    expect(displayDistance(1450, false)).toEqual({ value: 1.5, unit: 'km' });
    expect(displayDistance(343_456, false)).toEqual({ value: 343, unit: 'km' });
  });

  it('with miles, shows feet at 3.28 per metre up to 1609 m and miles above', () => {
    expect(displayDistance(100, true)).toEqual({ value: 328, unit: 'ft' });
    expect(displayDistance(1609, true)).toEqual({ value: Math.round(1609 * 3.28), unit: 'ft' });
    expect(displayDistance(1610, true)).toEqual({ value: 1, unit: 'mi' });
    expect(displayDistance(160_934.4, true)).toEqual({ value: 100, unit: 'mi' });
  });
});

describe('formatSeconds (SPEC §9)', () => {
  it('shows one decimal under 15 seconds', () => {
    expect(formatSeconds(0)).toBe('0.0');
    expect(formatSeconds(9.46)).toBe('9.4');
    expect(formatSeconds(14.99)).toBe('14.9');
  });

  it('shows minutes:seconds from 15 seconds on', () => {
    expect(formatSeconds(15)).toBe('0:15');
    expect(formatSeconds(65.7)).toBe('1:05');
    expect(formatSeconds(3600)).toBe('60:00');
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [102, '102nd'],
    [111, '111th'],
  ])('%i → %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe('formatCount', () => {
  it('writes counts in full up to 10 million', () => {
    expect(formatCount(9_999_999, 'en')).toBe('9,999,999');
    expect(formatCount(10_000_000, 'en')).toBe('10,000,000');
  });

  it('switches to compact notation above 10 million', () => {
    expect(formatCount(12_345_678, 'en')).toBe('12.3M');
  });
});
