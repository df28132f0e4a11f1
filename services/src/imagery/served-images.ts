import type { LatLng, RoundScene } from '@globetrail/contracts';
import { type ImageryProvider, ImageryUnavailableError, type PanoramaImage } from './imagery.port.js';
import type { DiskImageCache } from './proxy/disk-cache.js';
import { stripJpegMetadata } from './proxy/strip-metadata.js';

/**
 * A provider as the answer-blind proxy serves it: every picture leaves with its metadata stripped (EXIF
 * and XMP carry GPS positions, timestamps and cameras: a map author's own photo, or a provider's, would
 * give the answer away to anyone reading the file), and online pictures are kept in the disk cache, so a
 * round's picture is downloaded once however many players load it.
 */
export class ServedImages implements ImageryProvider {
  readonly name: string;
  readonly answerBlind: boolean;

  constructor(
    private readonly inner: ImageryProvider,
    private readonly cache: DiskImageCache | null,
  ) {
    this.name = inner.name;
    this.answerBlind = inner.answerBlind;
  }

  findNear(...args: Parameters<ImageryProvider['findNear']>) {
    return this.inner.findNear(...args);
  }

  async neighbours(imageId: string) {
    return (await this.inner.neighbours?.(imageId)) ?? [];
  }

  freshScene(imageId: string, random: () => number, toward?: LatLng) {
    return this.inner.freshScene?.(imageId, random, toward) ?? null;
  }

  fetchImage(imageId: string, scene?: RoundScene): Promise<PanoramaImage> {
    const load = async (): Promise<PanoramaImage> => {
      const image = await this.inner.fetchImage(imageId, scene);
      try {
        return { body: stripJpegMetadata(image.body), contentType: 'image/jpeg' };
      } catch (error) {
        throw new ImageryUnavailableError(`${this.name} sent a picture that is not a usable JPEG: ${(error as Error).message}`);
      }
    };
    // A round's own painted scene is made for that round only: nothing to keep for another.
    return this.cache && !scene ? this.cache.getOrFetch(`${this.name}\u0000${imageId}`, load) : load();
  }
}
