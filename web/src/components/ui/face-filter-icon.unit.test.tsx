import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FACE_FILTERS } from '@myworld/schemas';
import { FaceFilterIcon } from './face-filter-icon.tsx';

describe('face filter pictures', () => {
  it('every face filter has a drawing of its own, as SVG (never an emoji)', () => {
    const drawings = FACE_FILTERS.map(
      (f) => render(<FaceFilterIcon filter={f.id} />).container.querySelector('svg')!.innerHTML,
    );
    expect(drawings.every((d) => d.length > 0)).toBe(true);
    expect(new Set(drawings).size).toBe(FACE_FILTERS.length);
  });
});
