/**
 * Provider pictures are served as opaque round images, so nothing in the file may say where or when it
 * was taken. Phones and 360° cameras write that into metadata segments: Exif (GPS position, time, camera,
 * often a thumbnail), XMP and extended XMP (GPano, GPS again), IPTC (city, sub-location), comments, and
 * the MPF index of a second picture. `stripJpegMetadata` keeps only what decoding needs and copies the
 * compressed picture as it is: no re-encoding, so no quality loss and no time spent.
 */

export class NotAJpegError extends Error {
  override readonly name = 'NotAJpegError';
}

/** Arithmetic coding's temporary marker: the one marker outside a scan that has no length. */
const TEM = 0x01;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

const startsWith = (payload: Buffer, signature: string) =>
  payload.length >= signature.length && payload.subarray(0, signature.length).toString('latin1') === signature;

/**
 * Tables, frame and scan headers are always kept. Of the application segments only three are: JFIF (APP0)
 * says how to read the samples, an ICC profile (APP2) says what colours they are, and Adobe's (APP14) says
 * whether they are RGB, YCbCr or CMYK. JFIF's extension (JFXX), MPF and FlashPix in APP2, and every other
 * APPn go, as do comments.
 */
function keepSegment(marker: number, payload: Buffer): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > APP15) return true;
  if (marker === APP0) return startsWith(payload, 'JFIF\0');
  if (marker === APP2) return startsWith(payload, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(payload, 'Adobe');
  return false;
}

/**
 * Where a scan's entropy-coded data ends: at the first marker that is not a byte stuffing (FF 00) or a
 * restart marker, both of which belong to the data.
 */
function endOfScanData(jpeg: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const ff = jpeg.indexOf(0xff, at);
    if (ff < 0 || ff + 1 >= jpeg.length) throw new NotAJpegError('the JPEG ends inside its image data (no EOI)');
    const next = jpeg[ff + 1]!;
    if (next !== 0x00 && !isRestart(next)) return ff;
    at = ff + 2;
  }
}

/**
 * The same picture without its metadata segments. Walks every segment up to EOI, so metadata placed
 * between the scans of a progressive JPEG goes too, and anything after EOI (an MPF second picture with its
 * own Exif, a motion photo's video) is dropped. Scan data is copied byte for byte.
 * Throws NotAJpegError for bytes that are not a JPEG, or whose segments run past the end.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) {
    throw new NotAJpegError('not a JPEG: it does not start with FF D8');
  }
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let scans = 0;
  let at = 2;
  for (;;) {
    if (at >= jpeg.length) throw new NotAJpegError('the JPEG ends before its EOI marker');
    if (jpeg[at] !== 0xff) throw new NotAJpegError(`not a JPEG: expected a marker at byte ${at}`);
    // Any number of FF fill bytes may come before a marker; they carry nothing and are dropped.
    while (jpeg[at + 1] === 0xff) at += 1;
    const marker = jpeg[at + 1];
    if (marker === undefined) throw new NotAJpegError('the JPEG ends inside a marker');
    if (marker === EOI) {
      if (scans === 0) throw new NotAJpegError('the JPEG has no image data (EOI before any scan)');
      kept.push(jpeg.subarray(at, at + 2));
      return Buffer.concat(kept);
    }
    if (marker === TEM) {
      kept.push(jpeg.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (marker === SOI || marker === 0x00 || isRestart(marker)) {
      throw new NotAJpegError(`not a JPEG: unexpected marker FF ${marker.toString(16).toUpperCase()} at byte ${at}`);
    }
    if (at + 4 > jpeg.length) throw new NotAJpegError('the JPEG ends inside a segment header');
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end < at + 4) throw new NotAJpegError(`not a JPEG: segment at byte ${at} has a length under 2`);
    if (end > jpeg.length) throw new NotAJpegError(`the JPEG ends inside the segment at byte ${at}`);
    if (keepSegment(marker, jpeg.subarray(at + 4, end))) kept.push(jpeg.subarray(at, end));
    at = end;
    if (marker === SOS) {
      scans += 1;
      const dataEnd = endOfScanData(jpeg, at);
      kept.push(jpeg.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
}
