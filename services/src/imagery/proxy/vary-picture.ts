import sharp, { type Metadata } from 'sharp';

/**
 * How one round serves one picture, drawn from a 32-byte seed: every choice below changes the bytes, and
 * together they leave a picture's hash, size and dimensions with nothing stable to remember it by.
 */
export interface VariantPlan {
  width: number;
  height: number;
  /**
   * Source columns the picture is rolled left by before it is scaled: the served picture starts at this
   * column of the source and wraps around its edge.
   */
  shift: number;
  quality: number;
  /**
   * The resampling filter: each weighs neighbouring pixels a little differently, so every pixel of the
   * scaled picture differs slightly between rounds, at no cost (a colour shift of its own doubled the time).
   */
  kernel: VariantKernel;
}

/** Filters fit for photographs (no nearest-neighbour or linear ones, which alias). */
export const KERNELS = ['lanczos3', 'lanczos2', 'mitchell', 'cubic', 'mks2013', 'mks2021'] as const;
export type VariantKernel = (typeof KERNELS)[number];

/** Every served picture is between this much and the whole of its (capped) size, in both directions. */
export const MIN_SCALE = 0.86;
/**
 * Wider pictures are brought down to this: about as fine as a 1080p screen shows a panorama at the viewer's
 * widest view, and what many GPUs take as one texture (WebGL's MAX_TEXTURE_SIZE; the viewer scales larger
 * ones down in the browser).
 */
export const MAX_WIDTH = 8192;
export const QUALITY_RANGE = [80, 90] as const;

/** Uniform in [0, 1) from the seed's `index`-th 32 bits (index < 8). */
const uniform = (seed: Buffer, index: number) => seed.readUInt32BE(index * 4) / 2 ** 32;

/**
 * The plan for a picture `source` pixels big, turned so that its centre faces `yawOffset` degrees: the
 * served picture's yaw y then shows what the source showed at yaw y + yawOffset. Pictures twice as wide as
 * high stay exactly so (the viewer reads any other shape as a cropped panorama).
 */
export function planVariant(seed: Buffer, source: { width: number; height: number }, yawOffset: number): VariantPlan {
  if (seed.length < 32) throw new RangeError('a variant seed needs 32 bytes');
  const capped = Math.min(1, MAX_WIDTH / source.width);
  const scale = capped * (MIN_SCALE + (1 - MIN_SCALE) * uniform(seed, 0));
  const height = Math.max(1, Math.round(source.height * scale));
  const width = source.width === 2 * source.height ? 2 * height : Math.max(1, Math.round(source.width * scale));
  const shift = ((Math.round((yawOffset / 360) * source.width) % source.width) + source.width) % source.width;
  const [low, high] = QUALITY_RANGE;
  const quality = low + Math.floor(uniform(seed, 1) * (high - low + 1));
  const kernel = KERNELS[Math.floor(uniform(seed, 2) * KERNELS.length)]!;
  return { width, height, shift, quality, kernel };
}

export class UnreadablePictureError extends Error {
  override readonly name = 'UnreadablePictureError';
}

/**
 * Re-renders a JPEG as one round serves it (see planVariant): rolled, scaled and encoded afresh, in one
 * libvips pipeline: decoding, every pixel operation and encoding run on libvips' threads, never on the
 * event loop, and no decoded picture passes through JavaScript memory. The result carries no metadata at
 * all: no Exif, XMP, ICC profile or comment (an embedded colour profile is applied first, so colours stay
 * as they were). The same seed and source always give the same bytes.
 */
export interface VaryOptions {
  /** Keep only this window (degrees) around the picture's middle, after the turn: an NMPZ round's view. */
  window?: { horizontalDegrees: number; verticalDegrees: number };
}

export async function varyPicture(jpeg: Buffer, seed: Buffer, yawOffset: number, options: VaryOptions = {}): Promise<{ body: Buffer; plan: VariantPlan }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(jpeg, { failOn: 'error' }).metadata();
  } catch (error) {
    throw new UnreadablePictureError(`the picture cannot be decoded: ${(error as Error).message}`);
  }
  if (metadata.format !== 'jpeg' || !metadata.width || !metadata.height) throw new UnreadablePictureError(`the picture is not a JPEG (${metadata.format})`);
  const plan = planVariant(seed, { width: metadata.width, height: metadata.height }, yawOffset);
  const { width, height, shift } = plan;
  try {
    // A roll is the window `shift` columns into the picture set twice side by side. libvips streams it: the
    // picture is decoded twice (cheaper than handing a decoded copy through memory) and only the window is
    // scaled and encoded.
    const rolled =
      shift === 0
        ? sharp(jpeg, { failOn: 'error' })
        : sharp([jpeg, jpeg], { failOn: 'error', join: { across: 2 } }).extract({ left: shift, top: 0, width: metadata.width, height: metadata.height });
    const resized = rolled.resize(width, height, { fit: 'fill', kernel: plan.kernel });
    const window = options.window;
    if (window) {
      // After the resize (sharp's order of calls), so the window is cut from the picture as scaled.
      const cropWidth = Math.round((width * window.horizontalDegrees) / 360);
      const cropHeight = Math.round((height * window.verticalDegrees) / 180);
      resized.extract({ left: Math.round((width - cropWidth) / 2), top: Math.round((height - cropHeight) / 2), width: cropWidth, height: cropHeight });
    }
    const body = await resized
      .removeAlpha()
      .toColourspace('srgb')
      .jpeg({ quality: plan.quality, chromaSubsampling: '4:2:0' })
      .toBuffer();
    return { body, plan };
  } catch (error) {
    throw new UnreadablePictureError(`the picture cannot be re-encoded: ${(error as Error).message}`);
  }
}
