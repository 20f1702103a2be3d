import type { FaceFilterId } from '@myworld/schemas';
import type { FaceAnchors, Point } from './face-anchors.ts';

/**
 * Draws a face filter on a detected face. Each filter is drawn in the face's own frame: the
 * origin at one of its anchors, x along the eyes, y towards the chin, in units of the face's
 * width `w`, so it follows the face as it moves, nears, and tilts. Filters are drawn with shapes
 * rather than emoji, so they look the same on devices without a colour emoji font.
 */
type Ctx = CanvasRenderingContext2D;

function at(ctx: Ctx, point: Point, roll: number, draw: () => void): void {
  ctx.save();
  ctx.translate(point.x, point.y);
  ctx.rotate(roll);
  draw();
  ctx.restore();
}

/** A four-pointed sparkle of radius r. */
function sparkle(ctx: Ctx, x: number, y: number, r: number, fill: string): void {
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.quadraticCurveTo(x, y, x, y + r);
  ctx.quadraticCurveTo(x, y, x - r, y);
  ctx.quadraticCurveTo(x, y, x, y - r);
  ctx.fillStyle = fill;
  ctx.fill();
}

/** A heart `size` wide, centred on (x, y). */
function heart(ctx: Ctx, x: number, y: number, size: number, fill: string): void {
  const s = size / 2;
  ctx.beginPath();
  ctx.moveTo(x, y + s * 0.9);
  ctx.bezierCurveTo(x - s * 1.4, y - s * 0.1, x - s * 0.7, y - s * 1.2, x, y - s * 0.45);
  ctx.bezierCurveTo(x + s * 0.7, y - s * 1.2, x + s * 1.4, y - s * 0.1, x, y + s * 0.9);
  ctx.fillStyle = fill;
  ctx.fill();
}

/** A five-petalled flower of radius r. */
function flower(ctx: Ctx, x: number, y: number, r: number, petals: string): void {
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    ellipse(ctx, x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.5, r * 0.34, a, petals);
  }
  ellipse(ctx, x, y, r * 0.3, r * 0.3, 0, '#ffd54f');
}

function ellipse(ctx: Ctx, x: number, y: number, rx: number, ry: number, rotation: number, fill: string): void {
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, rotation, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
}

function triangle(ctx: Ctx, a: Point, b: Point, c: Point, fill: string | CanvasGradient): void {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.lineTo(c.x, c.y);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
}

const dogEars = (ctx: Ctx, a: FaceAnchors, w: number) => {
  at(ctx, a.headTop, a.roll, () => {
    for (const side of [-1, 1]) {
      ellipse(ctx, side * 0.42 * w, 0.12 * w, 0.17 * w, 0.3 * w, side * 0.45, '#7a4a21');
      ellipse(ctx, side * 0.42 * w, 0.15 * w, 0.09 * w, 0.2 * w, side * 0.45, '#d9a066');
    }
  });
  at(ctx, a.nose, a.roll, () => {
    ellipse(ctx, 0, 0, 0.11 * w, 0.075 * w, 0, '#1b1b1b');
    ellipse(ctx, -0.03 * w, -0.025 * w, 0.03 * w, 0.018 * w, 0, 'rgba(255,255,255,0.7)');
  });
};

const catFace = (ctx: Ctx, a: FaceAnchors, w: number) => {
  at(ctx, a.headTop, a.roll, () => {
    for (const side of [-1, 1]) {
      triangle(
        ctx,
        { x: side * 0.15 * w, y: 0.2 * w },
        { x: side * 0.45 * w, y: 0.25 * w },
        { x: side * 0.38 * w, y: -0.2 * w },
        '#f4a261',
      );
      triangle(
        ctx,
        { x: side * 0.22 * w, y: 0.18 * w },
        { x: side * 0.4 * w, y: 0.21 * w },
        { x: side * 0.36 * w, y: -0.08 * w },
        '#f7b6c2',
      );
    }
  });
  at(ctx, a.nose, a.roll, () => {
    triangle(ctx, { x: -0.06 * w, y: -0.03 * w }, { x: 0.06 * w, y: -0.03 * w }, { x: 0, y: 0.04 * w }, '#f06292');
    ctx.strokeStyle = 'rgba(30,30,30,0.85)';
    ctx.lineWidth = Math.max(1, 0.012 * w);
    for (const side of [-1, 1]) {
      for (const tilt of [-0.08, 0, 0.08]) {
        ctx.beginPath();
        ctx.moveTo(side * 0.12 * w, 0.04 * w);
        ctx.lineTo(side * 0.48 * w, (0.04 + tilt) * w);
        ctx.stroke();
      }
    }
  });
};

const bunny = (ctx: Ctx, a: FaceAnchors, w: number) => {
  at(ctx, a.headTop, a.roll, () => {
    for (const side of [-1, 1]) {
      ellipse(ctx, side * 0.2 * w, -0.3 * w, 0.12 * w, 0.42 * w, side * 0.15, '#fafafa');
      ellipse(ctx, side * 0.2 * w, -0.28 * w, 0.06 * w, 0.32 * w, side * 0.15, '#f8bbd0');
    }
  });
  at(ctx, a.nose, a.roll, () => ellipse(ctx, 0, 0, 0.07 * w, 0.05 * w, 0, '#f48fb1'));
  at(ctx, a.mouth, a.roll, () => {
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = '#bdbdbd';
    ctx.lineWidth = Math.max(1, 0.008 * w);
    for (const side of [-1, 1]) {
      ctx.fillRect(side > 0 ? 0.005 * w : -0.075 * w, -0.01 * w, 0.07 * w, 0.1 * w);
      ctx.strokeRect(side > 0 ? 0.005 * w : -0.075 * w, -0.01 * w, 0.07 * w, 0.1 * w);
    }
  });
};

const flowers = (ctx: Ctx, a: FaceAnchors, w: number) => {
  const colours = ['#f48fb1', '#fff176', '#ce93d8', '#ff8a80', '#fff176', '#f48fb1', '#ce93d8'];
  at(ctx, a.forehead, a.roll, () => {
    colours.forEach((colour, i) => {
      const t = i / (colours.length - 1) - 0.5; // -0.5 .. 0.5 across the head
      flower(ctx, t * 1.05 * w, -0.05 * w + Math.abs(t) * 0.35 * w, 0.1 * w, colour);
    });
  });
};

const rainbow = (ctx: Ctx, a: FaceAnchors, w: number) => {
  const bands = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#1e88e5', '#8e24aa'];
  at(ctx, a.forehead, a.roll, () => {
    ctx.lineWidth = 0.05 * w;
    bands.forEach((colour, i) => {
      ctx.beginPath();
      ctx.arc(0, 0.05 * w, (0.72 - i * 0.05) * w, Math.PI * 1.08, Math.PI * 1.92);
      ctx.strokeStyle = colour;
      ctx.stroke();
    });
  });
};

const sparkles = (ctx: Ctx, a: FaceAnchors, w: number, time: number) => {
  at(ctx, a.center, a.roll, () => {
    for (let i = 0; i < 7; i++) {
      const angle = (i / 7) * Math.PI * 2 + time / 2500;
      const twinkle = 0.75 + 0.25 * Math.sin(time / 180 + i * 1.7);
      sparkle(
        ctx,
        Math.cos(angle) * 0.72 * w,
        Math.sin(angle) * 0.66 * a.height,
        0.09 * w * twinkle,
        i % 2 ? '#fff8e1' : '#ffe082',
      );
    }
  });
};

const hearts = (ctx: Ctx, a: FaceAnchors, w: number, time: number) => {
  const beat = 1 + 0.08 * Math.sin(time / 150);
  at(ctx, a.eyeLeft, a.roll, () => heart(ctx, 0, 0, 0.28 * w * beat, '#e53935'));
  at(ctx, a.eyeRight, a.roll, () => heart(ctx, 0, 0, 0.28 * w * beat, '#e53935'));
  // Two small hearts float up beside the head, over and over.
  at(ctx, a.headTop, a.roll, () => {
    const rise = (time / 20) % (0.3 * w);
    heart(ctx, 0.35 * w, 0.1 * w - rise, 0.12 * w, '#f06292');
    heart(ctx, 0.45 * w, 0.2 * w - rise, 0.09 * w, '#ec407a');
  });
};

const butterfly = (ctx: Ctx, a: FaceAnchors, w: number, time: number) => {
  at(ctx, a.forehead, a.roll, () => {
    ctx.translate(0.28 * w, -0.02 * w);
    ctx.rotate(-0.3);
    // The wings beat: drawn narrower and wider in turn.
    ctx.scale(0.55 + 0.45 * Math.abs(Math.cos(time / 160)), 1);
    for (const side of [-1, 1]) {
      ellipse(ctx, side * 0.09 * w, -0.06 * w, 0.09 * w, 0.07 * w, side * 0.5, '#29b6f6');
      ellipse(ctx, side * 0.07 * w, 0.05 * w, 0.06 * w, 0.05 * w, -side * 0.4, '#ab47bc');
    }
    ellipse(ctx, 0, 0, 0.014 * w, 0.1 * w, 0, '#3e2723');
  });
};

const unicorn = (ctx: Ctx, a: FaceAnchors, w: number) => {
  at(ctx, a.forehead, a.roll, () => {
    const base = 0.1 * w;
    const tip = -0.6 * w;
    const gold = ctx.createLinearGradient(0, 0, 0, tip);
    gold.addColorStop(0, '#f9d976');
    gold.addColorStop(1, '#fff3c4');
    triangle(ctx, { x: -base, y: 0 }, { x: base, y: 0 }, { x: 0, y: tip }, gold);
    ctx.strokeStyle = '#e0a800';
    ctx.lineWidth = Math.max(1, 0.015 * w);
    for (let i = 1; i <= 4; i++) {
      const y = (tip * i) / 5;
      const half = base * (1 - i / 5);
      ctx.beginPath();
      ctx.moveTo(-half, y + 0.03 * w);
      ctx.lineTo(half, y - 0.03 * w);
      ctx.stroke();
    }
    flower(ctx, -0.22 * w, -0.02 * w, 0.08 * w, '#f48fb1');
    flower(ctx, 0.22 * w, -0.02 * w, 0.08 * w, '#ce93d8');
  });
};

const beard = (ctx: Ctx, a: FaceAnchors, w: number) => {
  at(ctx, a.mouth, a.roll, () => {
    const down = Math.hypot(a.chin.x - a.mouth.x, a.chin.y - a.mouth.y);
    ctx.beginPath();
    ctx.moveTo(-0.47 * w, -0.25 * w);
    ctx.quadraticCurveTo(-0.5 * w, down * 1.2, 0, down * 1.45);
    ctx.quadraticCurveTo(0.5 * w, down * 1.2, 0.47 * w, -0.25 * w);
    ctx.quadraticCurveTo(0.3 * w, 0.05 * w, 0, -0.08 * w);
    ctx.quadraticCurveTo(-0.3 * w, 0.05 * w, -0.47 * w, -0.25 * w);
    // The mouth stays visible.
    ctx.moveTo(0.2 * w, 0);
    ctx.ellipse(0, 0, 0.2 * w, 0.08 * w, 0, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(74, 44, 20, 0.92)';
    ctx.fill('evenodd');
  });
};

const mustache = (ctx: Ctx, a: FaceAnchors, w: number) => {
  at(ctx, a.philtrum, a.roll, () => {
    ctx.beginPath();
    ctx.moveTo(0, -0.03 * w);
    for (const side of [1, -1]) {
      ctx.bezierCurveTo(side * 0.1 * w, -0.09 * w, side * 0.22 * w, -0.06 * w, side * 0.3 * w, 0.02 * w);
      ctx.bezierCurveTo(side * 0.34 * w, 0.06 * w, side * 0.38 * w, 0.0, side * 0.36 * w, -0.04 * w);
      ctx.bezierCurveTo(side * 0.38 * w, 0.06 * w, side * 0.2 * w, 0.09 * w, 0, 0.03 * w);
      if (side === 1) ctx.moveTo(0, -0.03 * w);
    }
    ctx.fillStyle = '#2e1a0c';
    ctx.fill();
  });
};

const ART: Readonly<
  Record<Exclude<FaceFilterId, 'none'>, (ctx: Ctx, a: FaceAnchors, w: number, time: number) => void>
> = {
  'dog-ears': dogEars,
  'cat-face': catFace,
  bunny,
  flowers,
  rainbow,
  sparkles,
  hearts,
  butterfly,
  unicorn,
  beard,
  mustache,
};

/** Draws `filter` on the face (nothing for None); `time` (ms) animates the lively ones. */
export function drawFaceFilter(ctx: Ctx, filter: FaceFilterId, anchors: FaceAnchors, time: number): void {
  if (filter === 'none' || anchors.width <= 0) return;
  ctx.save();
  ART[filter](ctx, anchors, anchors.width, time);
  ctx.restore();
}
