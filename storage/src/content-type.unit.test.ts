import { describe, expect, it } from 'vitest';
import { sniffContentType } from './content-type.ts';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v, 'latin1')] : [v])).concat(new Array(64).fill(0)),
  );

describe('sniffContentType', () => {
  it('names images and videos by their magic bytes', async () => {
    expect(await sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF', 0))).toEqual({
      mime: 'image/jpeg',
      kind: 'image',
    });
    expect(await sniffContentType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13, 'IHDR'))).toEqual({
      mime: 'image/png',
      kind: 'image',
    });
    expect(await sniffContentType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toEqual({
      mime: 'image/webp',
      kind: 'image',
    });
    expect(await sniffContentType(bytes(0, 0, 0, 0x18, 'ftypmp42', 0, 0, 0, 0, 'isommp42'))).toEqual({
      mime: 'video/mp4',
      kind: 'video',
    });
    expect(
      await sniffContentType(
        bytes(
          0x1a,
          0x45,
          0xdf,
          0xa3,
          0x9f,
          0x42,
          0x86,
          0x81,
          0x01,
          0x42,
          0xf7,
          0x81,
          0x01,
          0x42,
          0xf2,
          0x81,
          0x04,
          0x42,
          0xf3,
          0x81,
          0x08,
          0x42,
          0x82,
          0x84,
          'webm',
        ),
      ),
    ).toEqual({ mime: 'video/webm', kind: 'video' });
  });

  it('refuses what is not an accepted image or video, whatever it is called', async () => {
    expect(
      await sniffContentType(
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    ).toBeUndefined();
    expect(await sniffContentType(new TextEncoder().encode('just some text pretending to be a jpg'))).toBeUndefined();
    expect(await sniffContentType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(await sniffContentType(bytes('PK', 3, 4))).toBeUndefined();
  });
});
