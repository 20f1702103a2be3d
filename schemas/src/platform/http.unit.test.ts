import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorBody, validationErrorBody } from './http.ts';

describe('validationErrorBody', () => {
  it('names the first issue’s top-level field and message', () => {
    const r = z.object({ a: z.object({ b: z.string({ error: 'b is wrong' }) }) }).safeParse({ a: { b: 1 } });
    expect(validationErrorBody(r.error!)).toEqual({ error: 'validation_failed', field: 'a', message: 'b is wrong' });
    expect(apiErrorBody.parse(validationErrorBody(r.error!))).toBeTruthy();
  });

  it('leaves the field out when the issue is about the whole input', () => {
    const r = z.string({ error: 'text please' }).safeParse(1);
    expect(validationErrorBody(r.error!)).toEqual({ error: 'validation_failed', message: 'text please' });
  });
});
