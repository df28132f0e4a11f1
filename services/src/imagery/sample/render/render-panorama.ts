import { createCanvas } from '@napi-rs/canvas';
import type { SamplePlace } from '../sample-place.js';
import { raycast } from './raycast.js';
import { buildScene } from './scene.js';
import type { SceneVariation } from './scene-variation.js';

export const SAMPLE_IMAGE_WIDTH = 2048;
const JPEG_QUALITY = 88;

/**
 * A 2:1 equirectangular JPEG of the place's road scene. The image centre faces north and bearings grow
 * to the right, so a viewer's yaw in degrees is the compass bearing.
 */
export async function renderSamplePanorama(place: SamplePlace, width = SAMPLE_IMAGE_WIDTH, variation: SceneVariation | null = null): Promise<Buffer> {
  const height = Math.round(width / 2);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(width, height);
  raycast(buildScene(place, width, variation), image.data, width, height);
  context.putImageData(image, 0, 0);
  return canvas.encode('jpeg', JPEG_QUALITY);
}
