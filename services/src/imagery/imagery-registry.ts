import { type ImageryProvider, ImageryUnavailableError, type PanoramaImage } from './imagery.port.js';

/** The imagery providers this process can serve pictures from, by name. */
export class ImageryRegistry {
  private readonly providers: Map<string, ImageryProvider>;

  /** `nearby` answers "is there a picture near this point?" for shared locations (route loc/{lat,lng}). */
  constructor(
    providers: readonly ImageryProvider[],
    readonly nearby: ImageryProvider,
  ) {
    this.providers = new Map(providers.map((provider) => [provider.name, provider]));
  }

  fetchImage(provider: string, imageId: string): Promise<PanoramaImage> {
    const source = this.providers.get(provider);
    if (!source) throw new ImageryUnavailableError(`imagery provider ${provider} is not configured`);
    return source.fetchImage(imageId);
  }
}
