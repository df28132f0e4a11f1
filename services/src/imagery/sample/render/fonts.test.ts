import { createCanvas } from '@napi-rs/canvas';
import { SAMPLE_PLACES } from '../sample-places.js';
import { fontFamiliesFor } from './fonts.js';

function inkOf(text: string, families: string): number {
  const canvas = createCanvas(400, 80);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 400, 80);
  context.fillStyle = '#000';
  context.font = `bold 40px ${families}`;
  context.fillText(text, 10, 55);
  const { data } = context.getImageData(0, 0, 400, 80);
  let dark = 0;
  for (let index = 0; index < data.length; index += 4) if (data[index]! < 128) dark += 1;
  return dark;
}

describe('sign fonts', () => {
  it('come from installed packages and cover every name and shop word in the sample set', () => {
    const texts = SAMPLE_PLACES.flatMap((place) => [
      place.town.latin,
      place.town.local ?? '',
      place.shopWord,
      ...place.destinations.flatMap((destination) => [destination.name.latin, destination.name.local ?? '']),
    ]).filter((text) => text !== '');

    expect(texts.filter((text) => fontFamiliesFor(text) === null)).toEqual([]);
  });

  it.each([
    ['Latin', 'Bäckerei'],
    ['Cyrillic', 'Продукты'],
    ['Greek', 'Φαρμακείο'],
    ['Arabic', 'صيدلية'],
    ['Hebrew', 'טבריה'],
    ['Thai', 'เชียงใหม่'],
    ['Devanagari', 'जयपुर'],
    ['Japanese', '美瑛 ラーメン'],
    ['Korean', '경주 약국'],
  ])('draw %s text as ink, not as nothing', (_script, text) => {
    const families = fontFamiliesFor(text);
    expect(families).not.toBeNull();
    expect(inkOf(text, families!)).toBeGreaterThan(150);
  });

  it('give no font for a script none of the packages covers, so a sign leaves that line out', () => {
    expect(fontFamiliesFor('አዲስ አበባ')).toBeNull();
  });
});
