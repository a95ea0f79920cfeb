/**
 * Just enough 2D drawing for the social images: shapes given as signed distance functions
 * (negative inside, in pixels), filled with anti-aliased edges into an RGB buffer.
 */
export type Rgb = readonly [number, number, number];

export interface Shape {
  /** Bounding box to scan: left, top, right, bottom. */
  box: readonly [number, number, number, number];
  distance(x: number, y: number): number;
}

export function hexColor(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`hexColor: "${hex}" is not a #rrggbb colour`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.pixels.set(background);
    for (let filled = 3; filled < this.pixels.length; filled *= 2)
      this.pixels.copyWithin(filled, 0, filled);
  }

  /** Covers each pixel by how much of it lies inside the shape (sampled at its centre, one pixel of soft edge). */
  fill(shape: Shape, color: Rgb): void {
    const [left, top, right, bottom] = shape.box;
    const x0 = Math.max(0, Math.floor(left) - 1);
    const y0 = Math.max(0, Math.floor(top) - 1);
    const x1 = Math.min(this.width, Math.ceil(right) + 1);
    const y1 = Math.min(this.height, Math.ceil(bottom) + 1);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const coverage = Math.min(1, Math.max(0, 0.5 - shape.distance(x + 0.5, y + 0.5)));
        if (coverage === 0) continue;
        const i = (y * this.width + x) * 3;
        for (let c = 0; c < 3; c++)
          this.pixels[i + c] = Math.round(
            this.pixels[i + c]! + (color[c]! - this.pixels[i + c]!) * coverage,
          );
      }
    }
  }
}

export function roundedRect(
  left: number,
  top: number,
  width: number,
  height: number,
  radius: number,
): Shape {
  const cx = left + width / 2;
  const cy = top + height / 2;
  const hx = width / 2 - radius;
  const hy = height / 2 - radius;
  return {
    box: [left, top, left + width, top + height],
    distance(x, y) {
      const dx = Math.abs(x - cx) - hx;
      const dy = Math.abs(y - cy) - hy;
      return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
    },
  };
}

export function circle(cx: number, cy: number, radius: number): Shape {
  return {
    box: [cx - radius, cy - radius, cx + radius, cy + radius],
    distance: (x, y) => Math.hypot(x - cx, y - cy) - radius,
  };
}

/** A straight stroke with round caps. */
export function segment(ax: number, ay: number, bx: number, by: number, halfWidth: number): Shape {
  const lx = bx - ax;
  const ly = by - ay;
  const length2 = lx * lx + ly * ly;
  return {
    box: [
      Math.min(ax, bx) - halfWidth,
      Math.min(ay, by) - halfWidth,
      Math.max(ax, bx) + halfWidth,
      Math.max(ay, by) + halfWidth,
    ],
    distance(x, y) {
      const t =
        length2 === 0 ? 0 : Math.min(1, Math.max(0, ((x - ax) * lx + (y - ay) * ly) / length2));
      return Math.hypot(x - ax - t * lx, y - ay - t * ly) - halfWidth;
    },
  };
}

/** The upper half of a circle, stroked: the "detour" of the logo. */
export function upperArc(cx: number, cy: number, radius: number, halfWidth: number): Shape {
  return {
    box: [
      cx - radius - halfWidth,
      cy - radius - halfWidth,
      cx + radius + halfWidth,
      cy + halfWidth,
    ],
    distance(x, y) {
      if (y <= cy) return Math.abs(Math.hypot(x - cx, y - cy) - radius) - halfWidth;
      // Below the centre line the nearest point of the arc is one of its two ends.
      return (
        Math.min(Math.hypot(x - cx + radius, y - cy), Math.hypot(x - cx - radius, y - cy)) -
        halfWidth
      );
    },
  };
}

export function union(...shapes: Shape[]): Shape {
  return {
    box: [
      Math.min(...shapes.map((s) => s.box[0])),
      Math.min(...shapes.map((s) => s.box[1])),
      Math.max(...shapes.map((s) => s.box[2])),
      Math.max(...shapes.map((s) => s.box[3])),
    ],
    distance(x, y) {
      let nearest = Infinity;
      for (const shape of shapes) nearest = Math.min(nearest, shape.distance(x, y));
      return nearest;
    },
  };
}
