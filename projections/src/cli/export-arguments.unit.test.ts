import { describe, expect, it } from 'vitest';
import { parseExportArguments } from './export-arguments.ts';

const window = ['--from', '2026-11-01T00:00:00Z', '--to', '2026-11-02T00:00:00+01:00'];

describe('export arguments', () => {
  it('reads the window, the types and the output file', () => {
    expect(parseExportArguments([...window, '--types', 'PostLiked, PostViewed', '--out', 'events.ndjson'])).toEqual({
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-01T23:00:00Z'),
      types: ['PostLiked', 'PostViewed'],
      out: 'events.ndjson',
    });
  });

  it('exports every type to stdout when neither is given', () => {
    expect(parseExportArguments(window)).toEqual({
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-01T23:00:00Z'),
    });
  });

  it('--include-personal names who exports personal data (lowercased)', () => {
    expect(parseExportArguments([...window, '--include-personal', 'Ana_Lyst'])).toMatchObject({
      includePersonal: 'ana_lyst',
    });
  });

  it.each([
    [['--to', '2026-11-02T00:00:00Z'], /^--from: required/],
    [['--from', '2026-11-01T00:00:00Z'], /^--to: required/],
    [['--from', 'yesterday', '--to', '2026-11-02T00:00:00Z'], /^--from: give an ISO time/],
    [['--from', '2026-11-01T00:00:00Z', '--to', '2026-11-02'], /^--to: give an ISO time/],
    [['--from', '2026-11-02T00:00:00Z', '--to', '2026-11-01T00:00:00Z'], /^--to: must be later than --from/],
    [[...window, '--types', 'PostLiked,PostLikd'], /^--types: unknown event type "PostLikd"/],
    [[...window, '--types', ','], /^--types: give one or more event types/],
    [[...window, '--out', ''], /^--out: give a file name/],
    [[...window, '--format', 'csv'], /Unknown option '--format'/],
    [[...window, '--include-personal'], /--include-personal/],
    [
      [...window, '--include-personal', 'not a name!'],
      /^--include-personal: give the username of the analyst or admin/,
    ],
  ])('%j is refused, naming the flag', (argv, message) => {
    expect(() => parseExportArguments(argv)).toThrow(message);
    expect(() => parseExportArguments(argv)).toThrow(/usage: npm run export -- --from ISO-TIME --to ISO-TIME/);
  });
});
