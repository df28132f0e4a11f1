import { createCanvas, loadImage } from '@napi-rs/canvas';
import { NotAJpegError, stripJpegMetadata } from './strip-metadata.js';

// ---------------------------------------------------------------------------------------------------------
// Test helper: metadata segments written byte by byte, as a phone or a 360° camera writes them.
// ---------------------------------------------------------------------------------------------------------

const MAKE = 'GeoLeakCam Industries';
const DATE_TAKEN = '2019:07:14 15:42:07';
/** 48° 51' 29.5" N, 2° 17' 40.2" E (the Eiffel Tower) as Exif rationals. */
const LATITUDE: [number, number][] = [[48, 1], [51, 1], [2950, 100]];
const LONGITUDE: [number, number][] = [[2, 1], [17, 1], [4020, 100]];

const rationalBytes = (values: [number, number][]) => {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach(([numerator, denominator], index) => {
    bytes.writeUInt32BE(numerator, index * 8);
    bytes.writeUInt32BE(denominator, index * 8 + 4);
  });
  return bytes;
};

type IfdEntry =
  | { tag: number; ascii: string }
  | { tag: number; long: number }
  | { tag: number; rationals: [number, number][] };

/**
 * One big-endian TIFF IFD placed at `offset` (from the TIFF header): the entry table, then the values that
 * do not fit in an entry's 4 bytes.
 */
function tiffIfd(entries: IfdEntry[], offset: number): Buffer {
  const tableLength = 2 + entries.length * 12 + 4;
  const table = Buffer.alloc(tableLength);
  const values: Buffer[] = [];
  let valueOffset = offset + tableLength;
  table.writeUInt16BE(entries.length, 0);
  entries.forEach((entry, index) => {
    const at = 2 + index * 12;
    table.writeUInt16BE(entry.tag, at);
    let type: number;
    let count: number;
    let value: Buffer;
    if ('ascii' in entry) [type, count, value] = [2, entry.ascii.length + 1, Buffer.from(`${entry.ascii}\0`, 'latin1')];
    else if ('long' in entry) [type, count, value] = [4, 1, Buffer.alloc(4)];
    else [type, count, value] = [5, entry.rationals.length, rationalBytes(entry.rationals)];
    if ('long' in entry) value.writeUInt32BE(entry.long);
    table.writeUInt16BE(type, at + 2);
    table.writeUInt32BE(count, at + 4);
    if (value.length <= 4) {
      value.copy(table, at + 8);
    } else {
      table.writeUInt32BE(valueOffset, at + 8);
      const padded = value.length % 2 === 0 ? value : Buffer.concat([value, Buffer.alloc(1)]);
      values.push(padded);
      valueOffset += padded.length;
    }
  });
  return Buffer.concat([table, ...values]);
}

/** APP1 'Exif\0\0' + TIFF: IFD0 (Make, pointers) → Exif IFD (DateTimeOriginal) and GPS IFD (lat/lng). */
function exifPayload(): Buffer {
  const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]);
  const ifd0 = (exifAt: number, gpsAt: number) =>
    tiffIfd([{ tag: 0x010f, ascii: MAKE }, { tag: 0x8769, long: exifAt }, { tag: 0x8825, long: gpsAt }], 8);
  const exifAt = 8 + ifd0(0, 0).length;
  const exifIfd = tiffIfd([{ tag: 0x9003, ascii: DATE_TAKEN }], exifAt);
  const gpsAt = exifAt + exifIfd.length;
  const gpsIfd = tiffIfd(
    [
      { tag: 0x0001, ascii: 'N' },
      { tag: 0x0002, rationals: LATITUDE },
      { tag: 0x0003, ascii: 'E' },
      { tag: 0x0004, rationals: LONGITUDE },
    ],
    gpsAt,
  );
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), header, ifd0(exifAt, gpsAt), exifIfd, gpsIfd]);
}

const segment = (marker: number, payload: Buffer | string) => {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/';
const xmp = segment(
  0xe1,
  `${XMP_NAMESPACE}\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description>` +
    '<exif:GPSLatitude>48,51.4917N</exif:GPSLatitude><GPano:ProjectionType>equirectangular</GPano:ProjectionType>' +
    '</rdf:Description></rdf:RDF></x:xmpmeta>',
);
const extendedXmp = segment(
  0xe1,
  `http://ns.adobe.com/xmp/extension/\0${'0123456789ABCDEF0123456789ABCDEF'}\0\0\0\x30\0\0\0\0` +
    '<exif:GPSLongitude>2,17.67E</exif:GPSLongitude>',
);
const iptc = segment(0xed, 'Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x0e\x1c\x02\x5a\0\x09Montmartr');
const mpf = segment(0xe2, 'MPF\0MM\0\x2a\0\0\0\x08\0\0');
const jfxxThumbnail = segment(0xe0, 'JFXX\0\x13thumbnail-bytes');
const comment = segment(0xfe, 'shot at 48.8582,2.2945');
/** Adobe APP14: version 100, no flags, transform 1 (YCbCr), as Photoshop writes it. */
const adobe = segment(0xee, Buffer.from([...Buffer.from('Adobe', 'latin1'), 0, 100, 0, 0, 0, 0, 1]));

/** Everything a stripped file must not contain. */
const leaks: [string, Buffer][] = [
  ['Exif header', Buffer.from('Exif\0\0', 'latin1')],
  ['XMP namespace', Buffer.from(XMP_NAMESPACE, 'latin1')],
  ['XMP GPS', Buffer.from('GPSLatitude', 'latin1')],
  ['extended XMP GPS', Buffer.from('GPSLongitude', 'latin1')],
  ['camera make', Buffer.from(MAKE, 'latin1')],
  ['date taken', Buffer.from(DATE_TAKEN, 'latin1')],
  ['GPS latitude rationals', rationalBytes(LATITUDE)],
  ['GPS longitude rationals', rationalBytes(LONGITUDE)],
  ['IPTC sub-location', Buffer.from('Montmartr', 'latin1')],
  ['MPF index', Buffer.from('MPF\0', 'latin1')],
  ['JFXX thumbnail', Buffer.from('JFXX', 'latin1')],
  ['comment', Buffer.from('shot at', 'latin1')],
];
const leaksIn = (bytes: Buffer) => leaks.filter(([, needle]) => bytes.includes(needle)).map(([name]) => name);

// ---------------------------------------------------------------------------------------------------------

async function canvasJpeg(width = 64, height = 32, noise = false): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#3a6ea5';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#f2c14e';
  context.fillRect(8, 6, 24, 14);
  if (noise) {
    const pixels = context.getImageData(0, 0, width, height);
    for (let index = 0; index < pixels.data.length; index += 1) pixels.data[index] = (index * 7919) % 251;
    context.putImageData(pixels, 0, 0);
  }
  return canvas.encode('jpeg');
}

/** Offsets of the canvas JPEG's segments, by marker, up to its first SOS. */
function segmentStarts(jpeg: Buffer): Map<number, number> {
  const starts = new Map<number, number>();
  for (let at = 2; ; at += 2 + jpeg.readUInt16BE(at + 2)) {
    const marker = jpeg[at + 1]!;
    if (!starts.has(marker)) starts.set(marker, at);
    if (marker === 0xda) return starts;
  }
}

/** The DQT that follows JFIF and ICC in @napi-rs/canvas's JPEGs: where the test inserts its segments. */
const tablesStart = (jpeg: Buffer) => segmentStarts(jpeg).get(0xdb)!;

async function pixelsOf(jpeg: Buffer) {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data };
}

describe('stripJpegMetadata', () => {
  it('drops Exif (GPS, date, camera), XMP, extended XMP, IPTC, MPF, JFXX and comments, keeping JFIF, ICC and Adobe', async () => {
    const clean = await canvasJpeg();
    const at = tablesStart(clean);
    const exif = segment(0xe1, exifPayload());
    const dirty = Buffer.concat([
      clean.subarray(0, 2),
      exif,
      clean.subarray(2, at),
      xmp,
      extendedXmp,
      iptc,
      mpf,
      jfxxThumbnail,
      adobe,
      comment,
      clean.subarray(at),
    ]);
    expect(leaksIn(dirty)).toEqual(leaks.map(([name]) => name));

    const stripped = stripJpegMetadata(dirty);

    expect(leaksIn(stripped)).toEqual([]);
    expect(stripped.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(stripped.includes(Buffer.from('ICC_PROFILE\0', 'latin1'))).toBe(true);
    expect(stripped).toEqual(Buffer.concat([clean.subarray(0, at), adobe, clean.subarray(at)]));

    const decoded = await pixelsOf(stripped);
    const original = await pixelsOf(clean);
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 64, height: 32 });
    expect(Buffer.from(decoded.data).equals(Buffer.from(original.data))).toBe(true);
  });

  it('gives an already clean JPEG back byte for byte', async () => {
    const clean = await canvasJpeg(256, 128, true);
    const scanStart = segmentStarts(clean).get(0xda)!;
    expect(clean.subarray(scanStart).includes(Buffer.from([0xff, 0x00]))).toBe(true);

    const stripped = stripJpegMetadata(clean);

    expect(stripped.subarray(scanStart)).toEqual(clean.subarray(scanStart));
    expect(stripped).toEqual(clean);
  });

  it('drops metadata between scans and everything after EOI', async () => {
    const clean = await canvasJpeg();
    const secondPicture = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, exifPayload()), Buffer.from([0xff, 0xd9])]);
    const dirty = Buffer.concat([clean.subarray(0, -2), comment, Buffer.from([0xff, 0xff]), clean.subarray(-2), secondPicture]);

    const stripped = stripJpegMetadata(dirty);

    expect(stripped).toEqual(clean);
    expect(leaksIn(stripped)).toEqual([]);
  });

  it('keeps stuffed bytes and restart markers as scan data, and a TEM marker as it is', () => {
    const scanHeader = segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0]));
    const scanData = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78]);
    const temporaryMarker = Buffer.from([0xff, 0x01]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), comment, temporaryMarker, scanHeader, scanData, Buffer.from([0xff, 0xd9])]);

    expect(stripJpegMetadata(jpeg)).toEqual(
      Buffer.concat([Buffer.from([0xff, 0xd8]), temporaryMarker, scanHeader, scanData, Buffer.from([0xff, 0xd9])]),
    );
  });

  it('rejects bytes that are not a JPEG, or that end early', async () => {
    const clean = await canvasJpeg();
    const reject = (bytes: Buffer, message: RegExp) => {
      expect(() => stripJpegMetadata(bytes)).toThrow(NotAJpegError);
      expect(() => stripJpegMetadata(bytes)).toThrow(message);
    };

    reject(Buffer.alloc(0), /does not start with FF D8/);
    reject(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), /does not start with FF D8/);
    reject(Buffer.concat([clean.subarray(0, 2), Buffer.from('garbage')]), /expected a marker at byte 2/);
    reject(clean.subarray(0, tablesStart(clean) + 20), /ends inside the segment at byte \d+/);
    reject(clean.subarray(0, clean.length - 40), /ends inside its image data/);
    reject(clean.subarray(0, clean.length - 2), /ends inside its image data/);
    reject(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01]), /length under 2/);
    reject(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), /no image data/);
    reject(clean.subarray(0, tablesStart(clean)), /ends before its EOI/);
  });
});
