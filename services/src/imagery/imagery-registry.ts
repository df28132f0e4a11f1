import type { RoundScene } from '@globetrail/contracts';
import { type ImageryProvider, ImageryUnavailableError, type PanoramaImage } from './imagery.port.js';
import type { RoundPictures } from './round-pictures.js';

/** The imagery providers this process can serve pictures from, by name. */
export class ImageryRegistry {
  private readonly providers: Map<string, ImageryProvider>;

  /** `rounds` chooses each round's picture (online provider or the offline default). */
  constructor(
    providers: readonly ImageryProvider[],
    readonly rounds: RoundPictures,
  ) {
    this.providers = new Map(providers.map((provider) => [provider.name, provider]));
  }

  /** A configured provider by name (the local store is 'local'). */
  get(provider: string): ImageryProvider | undefined {
    return this.providers.get(provider);
  }

  /** `scene`: the round's own scene of a painted picture (PanoramaRef.scene). */
  fetchImage(provider: string, imageId: string, scene?: RoundScene): Promise<PanoramaImage> {
    const source = this.providers.get(provider);
    if (!source) throw new ImageryUnavailableError(`imagery provider ${provider} is not configured`);
    return source.fetchImage(imageId, scene);
  }
}
