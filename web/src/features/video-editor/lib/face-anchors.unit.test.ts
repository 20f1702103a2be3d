import { describe, expect, it } from 'vitest';
import {
  faceAnchors,
  landmarksFromBox,
  landmarksFromMesh,
  MESH_INDEX,
  MESH_POINTS,
  scaleLandmarks,
  type FaceLandmarks,
} from './face-anchors.ts';

/** An upright face 200 px wide and 240 px tall, centred at (320, 240). */
const upright: FaceLandmarks = {
  foreheadTop: { x: 320, y: 120 },
  chin: { x: 320, y: 360 },
  eyeLeft: { x: 270, y: 200 },
  eyeRight: { x: 370, y: 200 },
  noseTip: { x: 320, y: 250 },
  underNose: { x: 320, y: 270 },
  upperLip: { x: 320, y: 290 },
  mouthLeft: { x: 290, y: 300 },
  mouthRight: { x: 350, y: 300 },
  cheekLeft: { x: 220, y: 240 },
  cheekRight: { x: 420, y: 240 },
};

/** Turns every landmark by `angle` radians about `about`. */
function rotated(lm: FaceLandmarks, angle: number, about = { x: 320, y: 240 }): FaceLandmarks {
  const turn = ({ x, y }: { x: number; y: number }) => ({
    x: about.x + (x - about.x) * Math.cos(angle) - (y - about.y) * Math.sin(angle),
    y: about.y + (x - about.x) * Math.sin(angle) + (y - about.y) * Math.cos(angle),
  });
  return Object.fromEntries(Object.entries(lm).map(([k, p]) => [k, turn(p)])) as unknown as FaceLandmarks;
}

describe('face anchors', () => {
  it('of an upright face: its size, no roll, the head top above the forehead, the features where they are', () => {
    const a = faceAnchors(upright);
    expect(a).toMatchObject({
      width: 200,
      height: 240,
      roll: 0,
      center: { x: 320, y: 240 },
      eyesCenter: { x: 320, y: 200 },
      nose: { x: 320, y: 250 },
      philtrum: { x: 320, y: 280 },
      mouth: { x: 320, y: 300 },
      chin: { x: 320, y: 360 },
    });
    expect(a.headTop.x).toBeCloseTo(320);
    expect(a.headTop.y).toBeCloseTo(120 - 0.18 * 240);
  });

  it('of a tilted face: the roll is the tilt, and the head top stays above the forehead along the face', () => {
    const a = faceAnchors(rotated(upright, Math.PI / 6));
    expect(a.roll).toBeCloseTo(Math.PI / 6);
    expect(a.width).toBeCloseTo(200);
    expect(a.height).toBeCloseTo(240);
    // 43.2 px further from the centre than the forehead, on the same line.
    const fromCentre = (p: { x: number; y: number }) => Math.hypot(p.x - a.center.x, p.y - a.center.y);
    expect(fromCentre(a.headTop) - fromCentre(a.forehead)).toBeCloseTo(0.18 * 240);
    expect(a.headTop.x).toBeGreaterThan(a.forehead.x);
  });

  it("come from the mesh's own points, and no mesh gives none", () => {
    const mesh = Array.from({ length: MESH_POINTS }, (_, i) => [i, i + 1000, 0]);
    const lm = landmarksFromMesh(mesh);
    expect(lm?.noseTip).toEqual({ x: MESH_INDEX.noseTip, y: MESH_INDEX.noseTip + 1000 });
    expect(lm?.chin).toEqual({ x: 152, y: 1152 });
    expect(landmarksFromMesh([])).toBeNull();
  });

  it('from a face box alone: upright, the eyes above the nose above the mouth, inside the box', () => {
    const a = faceAnchors(landmarksFromBox([100, 50, 200, 250]));
    expect(a.roll).toBe(0);
    expect(a.eyesCenter.y).toBeLessThan(a.nose.y);
    expect(a.nose.y).toBeLessThan(a.mouth.y);
    expect(a.center.x).toBe(200);
    expect(a.headTop.y).toBeLessThan(50 + 0.08 * 250);
  });

  it('scale with the picture', () => {
    expect(faceAnchors(scaleLandmarks(upright, 2))).toMatchObject({
      width: 400,
      height: 480,
      nose: { x: 640, y: 500 },
    });
  });
});
