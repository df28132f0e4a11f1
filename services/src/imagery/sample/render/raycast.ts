import { shadeGround } from './ground.js';
import { ray, type SceneObject } from './objects.js';
import type { Scene } from './scene.js';
import { shadeSky, shadeSkyline, skylineElevations } from './sky.js';
import { INFINITY, PI, abs, atan2, ceil, cos, exp, floor, hypot, max, min, sin } from './math.js';

const TWO_PI = 2 * PI;
/** Distant ground and far land meet at this much haze, so the horizon shows no bright seam. */
const HORIZON_HAZE = 0.6;

interface Culled {
  object: SceneObject;
  top: number;
  bottom: number;
}

/**
 * Which objects each image column can see, with the rows they can cover: a ray only tests those.
 * Column x looks at compass bearing (x + 0.5) / width · 2π − π, so the image centre faces north.
 */
function cullByColumn(scene: Scene, width: number, height: number): Culled[][] {
  const columns: Culled[][] = Array.from({ length: width }, () => []);
  const { camera } = scene;
  for (const object of scene.objects) {
    const corners = [
      [object.u0, object.v0],
      [object.u1, object.v0],
      [object.u0, object.v1],
      [object.u1, object.v1],
    ] as const;
    const angles = corners.map(([u, v]) => atan2(v - camera.v, u - camera.u));
    const first = angles[0]!;
    const offsets = angles.map((angle) => {
      let offset = angle - first;
      while (offset > PI) offset -= TWO_PI;
      while (offset < -PI) offset += TWO_PI;
      return offset;
    });
    const near = hypot(
      max(object.u0 - camera.u, 0, camera.u - object.u1),
      max(object.v0 - camera.v, 0, camera.v - object.v1),
    );
    const far = max(...corners.map(([u, v]) => hypot(u - camera.u, v - camera.v)));
    const rise = (z: number, up: boolean) => atan2(z - camera.z, (z > camera.z) === up ? near : far);
    const pitchTop = rise(object.z1, true);
    const pitchBottom = rise(object.z0, false);
    // A tilted camera sees each object that many rows higher or lower.
    const tilt = scene.conditions.tilt;
    const top = max(0, floor(((PI / 2 - pitchTop + tilt) / PI) * height) - 1);
    const bottom = min(height - 1, ceil(((PI / 2 - pitchBottom + tilt) / PI) * height) + 1);
    const toColumn = (relative: number) => ((relative + scene.heading + PI) / TWO_PI) * width - 0.5;
    const from = floor(toColumn(first + min(...offsets))) - 1;
    const to = ceil(toColumn(first + max(...offsets))) + 1;
    for (let x = from; x <= min(to, from + width - 1); x += 1) {
      columns[((x % width) + width) % width]!.push({ object, top, bottom });
    }
  }
  return columns;
}

/**
 * Casts one ray per pixel of a 2:1 equirectangular image into `pixels` (RGBA). Rows near the zenith and
 * nadir span little of the world horizontally, so there every second or fourth ray is cast and copied.
 */
export function raycast(scene: Scene, pixels: Uint8ClampedArray, width: number, height: number): void {
  const columns = cullByColumn(scene, width, height);
  const skyline = skylineElevations(width, scene.place.terrain, scene.city, scene.seed);
  const { camera, look } = scene;
  const haze = look.horizonSky;
  const angleStep = TWO_PI / width;
  const pitchStep = PI / height;
  const cosA = new Float64Array(width);
  const sinA = new Float64Array(width);
  for (let x = 0; x < width; x += 1) {
    const relative = (x + 0.5) * angleStep - PI - scene.heading;
    cosA[x] = cos(relative);
    sinA[x] = sin(relative);
  }
  const colour = new Float32Array(4);
  /** 1 where the row above showed open sky. */
  const skyAbove = new Uint8Array(width);

  for (let y = 0; y < height; y += 1) {
    // The camera's tilt (a round's: the car on a slope) moves the horizon up or down the picture.
    const pitch = max(-PI / 2, min(PI / 2, PI / 2 - (y + 0.5) * pitchStep - scene.conditions.tilt));
    const cosPitch = cos(pitch);
    const dz = sin(pitch);
    const step = cosPitch < 0.25 ? 4 : cosPitch < 0.5 ? 2 : 1;
    const groundDistance = dz < 0 ? camera.z / -dz : INFINITY;
    const reach = groundDistance * cosPitch;
    const along = dz < 0 ? (camera.z / (dz * dz)) * pitchStep : 0;
    const across = reach * angleStep;
    const groundHaze = HORIZON_HAZE * (1 - exp((-20 * groundDistance) / look.visibility));
    const row = y * width * 4;
    let skyBefore = -1;
    for (let x = 0; x < width; x += step) {
      const du = cosPitch * cosA[x]!;
      const dv = cosPitch * sinA[x]!;
      ray[0] = du;
      ray[1] = dv;
      ray[2] = dz;
      const candidates = columns[x]!;
      let nearest = INFINITY;
      let hit: SceneObject | null = null;
      for (let index = 0; index < candidates.length; index += 1) {
        const candidate = candidates[index]!;
        if (y < candidate.top || y > candidate.bottom) continue;
        const t = candidate.object.hit();
        if (t < nearest) {
          nearest = t;
          hit = candidate.object;
        }
      }
      let hazeAmount = 0;
      const skyOnly = !hit && dz >= 0 && pitch >= skyline[x]!;
      // The sky is smooth: of each 2×2 block of open sky only one pixel is shaded, the rest copy it.
      if (skyOnly && (y & 1) === 1 && skyAbove[x] === 1) {
        const above = row - width * 4 + x * 4;
        colour[0] = pixels[above]!;
        colour[1] = pixels[above + 1]!;
        colour[2] = pixels[above + 2]!;
      } else if (skyOnly && skyBefore === x - 1 && (x & 1) === 1) {
        skyBefore = -1;
      } else if (hit && nearest < groundDistance) {
        hit.shade(colour);
        hazeAmount = 1 - exp(-nearest / look.visibility);
      } else if (dz < 0) {
        // Ground length one pixel spans: across the view it grows with distance, along it much faster.
        const c = abs(cosA[x]!);
        const s = abs(sinA[x]!);
        ray[3] = camera.u + du * groundDistance;
        ray[4] = camera.v + dv * groundDistance;
        ray[5] = c * along + s * across;
        ray[6] = s * along + c * across;
        shadeGround(scene.ground, colour);
        hazeAmount = groundHaze;
      } else if (pitch < skyline[x]!) {
        shadeSkyline(look, pitch, haze, colour);
      } else {
        shadeSky(scene.sky, colour);
        skyBefore = x;
      }
      skyAbove[x] = skyOnly ? 1 : 0;
      const r = colour[0]! + (haze[0] - colour[0]!) * hazeAmount;
      const g = colour[1]! + (haze[1] - colour[1]!) * hazeAmount;
      const b = colour[2]! + (haze[2] - colour[2]!) * hazeAmount;
      const last = min(width, x + step);
      for (let fill = x; fill < last; fill += 1) {
        const offset = row + fill * 4;
        pixels[offset] = r;
        pixels[offset + 1] = g;
        pixels[offset + 2] = b;
        pixels[offset + 3] = 255;
      }
    }
  }
}
