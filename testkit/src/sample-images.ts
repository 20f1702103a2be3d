/** A real 1x1 PNG: what a test uploads when it needs an image the server accepts by its bytes. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG by its bytes of `bytes` length (the 1x1 image, then padding that decoders stop before). */
export const pngOfSize = (bytes: number): Buffer =>
  Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, bytes - PNG_1X1.length))]);
