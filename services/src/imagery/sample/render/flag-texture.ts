import type { SKRSContext2D } from '@napi-rs/canvas';
import type { FlagDesign, FlagMark } from '../flag-design.js';
import { paintTexture, type Texture } from './texture.js';

function starPath(context: SKRSContext2D, x: number, y: number, outer: number, points: number) {
  const inner = outer * (points === 5 ? 0.38 : 0.55);
  context.beginPath();
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (index * Math.PI) / points;
    context.lineTo(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
  }
  context.closePath();
}

function drawMark(context: SKRSContext2D, mark: FlagMark, width: number, height: number) {
  context.fillStyle = mark.colour;
  context.strokeStyle = mark.colour;
  switch (mark.kind) {
    case 'polygon': {
      context.beginPath();
      for (const [x, y] of mark.points) context.lineTo(x * width, y * height);
      context.closePath();
      if (mark.stroke) {
        context.lineWidth = mark.stroke * height;
        context.stroke();
      } else context.fill();
      return;
    }
    case 'disc': {
      context.beginPath();
      const [from, to] = mark.half === 'upper' ? [Math.PI, 2 * Math.PI] : mark.half === 'lower' ? [0, Math.PI] : [0, 2 * Math.PI];
      context.ellipse(mark.x * width, mark.y * height, mark.r * height, (mark.ry ?? mark.r) * height, 0, from, to);
      context.closePath();
      context.fill();
      return;
    }
    case 'star': {
      starPath(context, mark.x * width, mark.y * height, mark.r * height, mark.points ?? 5);
      if (mark.stroke) {
        context.lineWidth = mark.stroke * height;
        context.stroke();
      } else context.fill();
      return;
    }
    case 'crescent': {
      // A disc with a smaller, offset disc cut out of it, opening towards the fly.
      context.save();
      context.beginPath();
      context.arc(mark.x * width, mark.y * height, mark.r * height, 0, 2 * Math.PI);
      const innerX = (mark.x + (mark.r * 0.25) / 1.5) * width;
      context.moveTo(innerX + mark.r * 0.8 * height, mark.y * height);
      context.arc(innerX, mark.y * height, mark.r * 0.8 * height, 0, 2 * Math.PI);
      context.fill('evenodd');
      context.restore();
      return;
    }
    default: {
      const unknown: never = mark;
      throw new Error(`unknown flag mark ${JSON.stringify(unknown)}`);
    }
  }
}

export function flagTexture(design: FlagDesign, height: number): Texture {
  const width = Math.round(height * 1.5);
  return paintTexture(width, height, (context) => {
    const weights = design.weights ?? design.colours.map(() => 1);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let offset = 0;
    design.colours.forEach((colour, index) => {
      const share = weights[index]! / total;
      context.fillStyle = colour;
      // Overlap by a pixel so anti-aliased stripe edges leave no seam.
      if (design.stripes === 'horizontal') context.fillRect(0, offset * height, width, share * height + 1);
      else context.fillRect(offset * width, 0, share * width + 1, height);
      offset += share;
    });
    for (const mark of design.marks ?? []) drawMark(context, mark, width, height);
  });
}
