/**
 * Where a face filter goes on a detected face: a few named landmarks (from the 468-point face
 * mesh, or estimated from the face box when there is no mesh) turned into anchors: the face's
 * centre, size and roll, the top of the head, the eyes, nose, mouth and chin.
 */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Image-left and image-right, as the picture shows them (not the person's own left and right). */
export interface FaceLandmarks {
  readonly foreheadTop: Point;
  readonly chin: Point;
  readonly eyeLeft: Point;
  readonly eyeRight: Point;
  readonly noseTip: Point;
  readonly underNose: Point;
  readonly upperLip: Point;
  readonly mouthLeft: Point;
  readonly mouthRight: Point;
  readonly cheekLeft: Point;
  readonly cheekRight: Point;
}

/** The MediaPipe face-mesh indices of those landmarks (the mesh Human returns). */
export const MESH_INDEX: Readonly<Record<keyof FaceLandmarks, number>> = {
  foreheadTop: 10,
  chin: 152,
  eyeLeft: 33,
  eyeRight: 263,
  noseTip: 1,
  underNose: 2,
  upperLip: 0,
  mouthLeft: 61,
  mouthRight: 291,
  cheekLeft: 234,
  cheekRight: 454,
};

export const MESH_POINTS = 468;

/** A mesh point as Human gives it: [x, y, z?]. */
type MeshPoint = readonly (number | undefined)[];

export function landmarksFromMesh(mesh: readonly MeshPoint[]): FaceLandmarks | null {
  if (mesh.length < MESH_POINTS) return null;
  const at = (i: number): Point => ({ x: mesh[i]![0] ?? 0, y: mesh[i]![1] ?? 0 });
  return Object.fromEntries(Object.entries(MESH_INDEX).map(([name, i]) => [name, at(i)])) as unknown as FaceLandmarks;
}

/** Landmarks estimated from an upright face box [x, y, width, height] (typical face proportions). */
export function landmarksFromBox([x, y, w, h]: readonly [number, number, number, number]): FaceLandmarks {
  const p = (fx: number, fy: number): Point => ({ x: x + fx * w, y: y + fy * h });
  return {
    foreheadTop: p(0.5, 0.08),
    chin: p(0.5, 0.98),
    eyeLeft: p(0.3, 0.4),
    eyeRight: p(0.7, 0.4),
    noseTip: p(0.5, 0.6),
    underNose: p(0.5, 0.66),
    upperLip: p(0.5, 0.74),
    mouthLeft: p(0.36, 0.8),
    mouthRight: p(0.64, 0.8),
    cheekLeft: p(0.05, 0.5),
    cheekRight: p(0.95, 0.5),
  };
}

export interface FaceAnchors {
  readonly center: Point;
  /** Face width (cheek to cheek) and height (forehead to chin), in the landmarks' pixels. */
  readonly width: number;
  readonly height: number;
  /** The head's tilt in radians: 0 upright, positive when turned clockwise in the picture. */
  readonly roll: number;
  /** Just above the hairline, where ears, horns and crowns sit. */
  readonly headTop: Point;
  readonly forehead: Point;
  readonly eyeLeft: Point;
  readonly eyeRight: Point;
  readonly eyesCenter: Point;
  readonly nose: Point;
  /** Between the nose and the upper lip (a mustache). */
  readonly philtrum: Point;
  readonly mouth: Point;
  readonly chin: Point;
}

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

export function faceAnchors(lm: FaceLandmarks): FaceAnchors {
  const height = distance(lm.foreheadTop, lm.chin);
  const width = distance(lm.cheekLeft, lm.cheekRight);
  const roll = Math.atan2(lm.eyeRight.y - lm.eyeLeft.y, lm.eyeRight.x - lm.eyeLeft.x);
  // "Up" for this face: from the chin towards the forehead.
  const up =
    height > 0
      ? { x: (lm.foreheadTop.x - lm.chin.x) / height, y: (lm.foreheadTop.y - lm.chin.y) / height }
      : { x: 0, y: -1 };
  const above = 0.18 * height;
  return {
    center: mid(lm.foreheadTop, lm.chin),
    width,
    height,
    roll,
    headTop: { x: lm.foreheadTop.x + up.x * above, y: lm.foreheadTop.y + up.y * above },
    forehead: lm.foreheadTop,
    eyeLeft: lm.eyeLeft,
    eyeRight: lm.eyeRight,
    eyesCenter: mid(lm.eyeLeft, lm.eyeRight),
    nose: lm.noseTip,
    philtrum: mid(lm.underNose, lm.upperLip),
    mouth: mid(lm.mouthLeft, lm.mouthRight),
    chin: lm.chin,
  };
}

/** The same landmarks on a picture `scale` times as large (detection may run on a smaller frame). */
export function scaleLandmarks(lm: FaceLandmarks, scale: number): FaceLandmarks {
  return Object.fromEntries(
    Object.entries(lm).map(([name, p]: [string, Point]) => [name, { x: p.x * scale, y: p.y * scale }]),
  ) as unknown as FaceLandmarks;
}
