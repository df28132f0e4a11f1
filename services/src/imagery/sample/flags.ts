import { alternating, band, nordicCross, rect, unionJack, type FlagDesign, type FlagMark } from './flag-design.js';

const WHITE = '#ffffff';
const BLACK = '#000000';

const horizontal = (colours: string[], marks: FlagMark[] = [], weights?: number[]): FlagDesign => ({
  stripes: 'horizontal',
  colours,
  marks,
  ...(weights ? { weights } : {}),
});
const vertical = (colours: string[], marks: FlagMark[] = [], weights?: number[]): FlagDesign => ({
  stripes: 'vertical',
  colours,
  marks,
  ...(weights ? { weights } : {}),
});
const disc = (colour: string, x: number, y: number, r: number, ry?: number): FlagMark => ({
  kind: 'disc',
  colour,
  x,
  y,
  r,
  ...(ry ? { ry } : {}),
});
const star = (colour: string, x: number, y: number, r: number, points = 5): FlagMark => ({
  kind: 'star',
  colour,
  x,
  y,
  r,
  points,
});

function starGrid(colour: string, columns: number, rows: number, width: number, height: number): FlagMark[] {
  const marks: FlagMark[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const x = ((column + 0.5 + (row % 2) * 0.25) / columns) * width;
      marks.push(star(colour, x, ((row + 0.5) / rows) * height, 0.03));
    }
  }
  return marks;
}

/** A band along the diagonal from the lower hoist corner to the upper fly corner. */
const diagonal = (colour: string, thickness: number) => band(colour, [0, 1], [1, 0], thickness);

export const FLAGS: Readonly<Record<string, FlagDesign>> = {
  FR: vertical(['#002395', WHITE, '#ed2939']),
  DE: horizontal([BLACK, '#dd0000', '#ffce00']),
  GB: horizontal(['#012169'], unionJack(0, 0, 1, 1)),
  IE: vertical(['#169b62', WHITE, '#ff883e']),
  ES: horizontal(['#aa151b', '#f1bf00', '#aa151b'], [], [1, 2, 1]),
  PT: vertical(['#006600', '#ff0000'], [disc('#ffe000', 0.4, 0.5, 0.2)], [2, 3]),
  IT: vertical(['#009246', WHITE, '#ce2b37']),
  NL: horizontal(['#ae1c28', WHITE, '#21468b']),
  SE: horizontal(['#006aa7'], nordicCross(0.37, ['#fecc00', 0.2])),
  NO: horizontal(['#ba0c2f'], nordicCross(0.37, [WHITE, 0.26], ['#00205b', 0.13])),
  FI: horizontal([WHITE], nordicCross(0.37, ['#002f6c', 0.27])),
  IS: horizontal(['#02529c'], nordicCross(0.37, [WHITE, 0.26], ['#dc1e35', 0.13])),
  RU: horizontal([WHITE, '#0039a6', '#d52b1e']),
  GR: horizontal(alternating(9, '#0d5eaf', WHITE), [
    rect('#0d5eaf', 0, 0, 0.37, 5 / 9),
    rect(WHITE, 0, 2 / 9, 0.37, 1 / 9),
    rect(WHITE, 0.148, 0, 0.074, 5 / 9),
  ]),
  TR: horizontal(['#e30a17'], [
    { kind: 'crescent', colour: WHITE, x: 0.36, y: 0.5, r: 0.25 },
    star(WHITE, 0.53, 0.5, 0.11),
  ]),
  JP: horizontal([WHITE], [disc('#bc002d', 0.5, 0.5, 0.3)]),
  KR: horizontal([WHITE], [
    disc('#0047a0', 0.5, 0.5, 0.25),
    { kind: 'disc', colour: '#cd2e3a', x: 0.5, y: 0.5, r: 0.25, half: 'upper' },
    disc('#cd2e3a', 0.5 - 0.125 / 1.5, 0.5, 0.125),
    disc('#0047a0', 0.5 + 0.125 / 1.5, 0.5, 0.125),
    ...[[0.12, 0.12], [0.78, 0.12], [0.12, 0.68], [0.78, 0.68]].map(([x, y]) => rect(BLACK, x!, y!, 0.1, 0.2)),
  ]),
  TW: horizontal(['#fe0000'], [rect('#000095', 0, 0, 0.5, 0.5), star(WHITE, 0.25, 0.25, 0.17, 12), disc('#000095', 0.25, 0.25, 0.095), disc(WHITE, 0.25, 0.25, 0.08)]),
  TH: horizontal(['#a51931', WHITE, '#2d2a4a', WHITE, '#a51931'], [], [1, 1, 2, 1, 1]),
  VN: horizontal(['#da251d'], [star('#ffff00', 0.5, 0.5, 0.3)]),
  ID: horizontal(['#ff0000', WHITE]),
  MY: horizontal(alternating(14, '#cc0001', WHITE), [
    rect('#010066', 0, 0, 0.5, 8 / 14),
    { kind: 'crescent', colour: '#ffcc00', x: 0.19, y: 0.29, r: 0.2 },
    star('#ffcc00', 0.33, 0.29, 0.13, 14),
  ]),
  IN: horizontal(['#ff9933', WHITE, '#138808'], [disc('#000080', 0.5, 0.5, 0.14), disc(WHITE, 0.5, 0.5, 0.11), disc('#000080', 0.5, 0.5, 0.03)]),
  JO: horizontal([BLACK, WHITE, '#007a3d'], [
    { kind: 'polygon', colour: '#ce1126', points: [[0, 0], [0.5, 0.5], [0, 1]] },
    star(WHITE, 0.16, 0.5, 0.07, 7),
  ]),
  IL: horizontal([WHITE, '#0038b8', WHITE, '#0038b8', WHITE], [
    { kind: 'polygon', colour: '#0038b8', points: [[0.5, 0.3], [0.6, 0.6], [0.4, 0.6]], stroke: 0.03 },
    { kind: 'polygon', colour: '#0038b8', points: [[0.5, 0.7], [0.4, 0.4], [0.6, 0.4]], stroke: 0.03 },
  ], [2, 2, 8, 2, 2]),
  MN: vertical(['#c4272f', '#015197', '#c4272f'], [disc('#f9cf02', 0.167, 0.22, 0.05), rect('#f9cf02', 0.13, 0.32, 0.074, 0.4)]),
  PH: horizontal(['#0038a8', '#ce1126'], [
    { kind: 'polygon', colour: WHITE, points: [[0, 0], [0.58, 0.5], [0, 1]] },
    star('#fcd116', 0.19, 0.5, 0.12, 8),
  ]),
  MA: horizontal(['#c1272d'], [{ kind: 'star', colour: '#006233', x: 0.5, y: 0.5, r: 0.27, points: 5, stroke: 0.04 }]),
  EG: horizontal(['#ce1126', WHITE, BLACK], [disc('#c09300', 0.5, 0.5, 0.11, 0.14)]),
  SN: vertical(['#00853f', '#fdef42', '#e31b23'], [star('#00853f', 0.5, 0.5, 0.15)]),
  GH: horizontal(['#ce1126', '#fcd116', '#006b3f'], [star(BLACK, 0.5, 0.5, 0.16)]),
  KE: horizontal([BLACK, WHITE, '#bb0000', WHITE, '#006600'], [disc(WHITE, 0.5, 0.5, 0.12, 0.36), disc('#bb0000', 0.5, 0.5, 0.1, 0.33), disc(BLACK, 0.5, 0.5, 0.04, 0.2)], [6, 1, 6, 1, 6]),
  TZ: horizontal(['#1eb53a'], [
    { kind: 'polygon', colour: '#00a3dd', points: [[0, 1], [1, 0], [1, 1]] },
    diagonal('#fcd116', 0.42),
    diagonal(BLACK, 0.3),
  ]),
  ZA: horizontal(['#e03c31', '#001489'], [
    { kind: 'polygon', colour: WHITE, points: [[0, -0.1], [0.2, -0.1], [0.55, 0.33], [1, 0.33], [1, 0.67], [0.55, 0.67], [0.2, 1.1], [0, 1.1]] },
    { kind: 'polygon', colour: '#007749', points: [[0, 0.03], [0.1, 0.03], [0.5, 0.4], [1, 0.4], [1, 0.6], [0.5, 0.6], [0.1, 0.97], [0, 0.97]] },
    { kind: 'polygon', colour: '#ffb81c', points: [[0, 0.12], [0.4, 0.5], [0, 0.88]] },
    { kind: 'polygon', colour: BLACK, points: [[0, 0.2], [0.32, 0.5], [0, 0.8]] },
  ]),
  NA: horizontal(['#003580'], [
    { kind: 'polygon', colour: '#009a44', points: [[0, 1], [1, 0], [1, 1]] },
    diagonal(WHITE, 0.4),
    diagonal('#d21034', 0.3),
    star('#ffce00', 0.17, 0.25, 0.14, 12),
  ]),
  US: horizontal(alternating(13, '#b22234', WHITE), [rect('#3c3b6e', 0, 0, 0.4, 7 / 13), ...starGrid(WHITE, 6, 5, 0.4, 7 / 13)]),
  CA: vertical(['#d80621', WHITE, '#d80621'], [star('#d80621', 0.5, 0.47, 0.25, 11), rect('#d80621', 0.49, 0.6, 0.02, 0.15)], [1, 2, 1]),
  MX: vertical(['#006847', WHITE, '#ce1126'], [disc('#8c6d3f', 0.5, 0.5, 0.15)]),
  GT: vertical(['#4997d0', WHITE, '#4997d0'], [disc('#6c9a3c', 0.5, 0.5, 0.13)]),
  BR: horizontal(['#009c3b'], [
    { kind: 'polygon', colour: '#ffdf00', points: [[0.06, 0.5], [0.5, 0.08], [0.94, 0.5], [0.5, 0.92]] },
    disc('#002776', 0.5, 0.5, 0.26),
    band(WHITE, [0.34, 0.45], [0.66, 0.55], 0.05),
  ]),
  AR: horizontal(['#74acdf', WHITE, '#74acdf'], [star('#f6b40e', 0.5, 0.5, 0.13, 16)]),
  CL: horizontal([WHITE, '#d52b1e'], [rect('#0039a6', 0, 0, 1 / 3, 0.5), star(WHITE, 1 / 6, 0.25, 0.13)]),
  PE: vertical(['#d91023', WHITE, '#d91023']),
  CO: horizontal(['#fcd116', '#003893', '#ce1126'], [], [2, 1, 1]),
  EC: horizontal(['#ffdd00', '#034ea2', '#ed1c24'], [disc('#8b5a2b', 0.5, 0.5, 0.12, 0.16)], [2, 1, 1]),
  UY: horizontal(alternating(9, WHITE, '#0038a8'), [rect(WHITE, 0, 0, 1 / 3, 5 / 9), star('#fcd116', 1 / 6, 5 / 18, 0.17, 16)]),
  AU: horizontal(['#012169'], [
    ...unionJack(0, 0, 0.5, 0.5),
    star(WHITE, 0.25, 0.75, 0.15, 7),
    star(WHITE, 0.75, 0.83, 0.07, 7),
    star(WHITE, 0.61, 0.45, 0.07, 7),
    star(WHITE, 0.75, 0.17, 0.07, 7),
    star(WHITE, 0.88, 0.39, 0.07, 7),
    star(WHITE, 0.81, 0.56, 0.04),
  ]),
  NZ: horizontal(['#012169'], [
    ...unionJack(0, 0, 0.5, 0.5),
    ...[[0.75, 0.8], [0.63, 0.45], [0.86, 0.4], [0.75, 0.18]].flatMap(([x, y]) => [star(WHITE, x!, y!, 0.085), star('#c8102e', x!, y!, 0.06)]),
  ]),
  FJ: horizontal(['#68bfe5'], [
    ...unionJack(0, 0, 0.5, 0.5),
    { kind: 'polygon', colour: WHITE, points: [[0.66, 0.28], [0.84, 0.28], [0.84, 0.62], [0.75, 0.74], [0.66, 0.62]] },
    rect('#ce1126', 0.66, 0.28, 0.18, 0.08),
  ]),
};

export function flagOf(iso: string): FlagDesign {
  const flag = FLAGS[iso];
  if (!flag) throw new Error(`no flag for country ${iso}`);
  return flag;
}
