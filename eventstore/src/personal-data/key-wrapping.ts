import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Subject keys as the key table stores them: wrapped (AES-256-GCM) with a key-encryption key
 * derived from PERSONAL_DATA_SECRET, so a dump of the database alone opens nothing; keys are
 * unwrapped in memory only. The additional data binds a wrapped key to its subject: a wrapped
 * key copied onto another subject's row does not open.
 *
 * Stored format, version 1: 0x01 | 12-byte nonce | 32-byte ciphertext | 16-byte tag (61 bytes).
 * A 32-byte value is a raw key from before wrapping: still read, and wrapped at start-up.
 */
const VERSION = 0x01;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const WRAPPED_KEY_BYTES = 1 + IV_BYTES + KEY_BYTES + TAG_BYTES;

export class KeyWrapping {
  private readonly kek: Buffer;

  /** @param secret PERSONAL_DATA_SECRET; the KEK is HKDF-SHA256 of it, apart from its other use (the email digest). */
  constructor(secret: string) {
    if (secret.length < 32) throw new Error('PERSONAL_DATA_SECRET must be at least 32 characters');
    this.kek = Buffer.from(
      hkdfSync('sha256', secret, 'myworld/personal-data', 'subject-key-encryption-key/v1', KEY_BYTES),
    );
  }

  wrap(subject: string, key: Buffer): Buffer {
    if (key.length !== KEY_BYTES) throw new Error('a subject key is 32 bytes');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.kek, iv);
    cipher.setAAD(Buffer.from(subject));
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]);
  }

  /** The raw key; throws for a value this KEK did not wrap for this subject. */
  unwrap(subject: string, stored: Buffer): Buffer {
    if (isUnwrapped(stored)) return stored;
    if (stored.length !== WRAPPED_KEY_BYTES || stored[0] !== VERSION)
      throw new Error(`personal-data key of ${subject}: unknown format`);
    const iv = stored.subarray(1, 1 + IV_BYTES);
    const ct = stored.subarray(1 + IV_BYTES, 1 + IV_BYTES + KEY_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.kek, iv);
    decipher.setAAD(Buffer.from(subject));
    decipher.setAuthTag(stored.subarray(stored.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(ct), decipher.final()]);
    } catch {
      throw new Error(
        `personal-data key of ${subject} does not open: is PERSONAL_DATA_SECRET the one it was stored with?`,
      );
    }
  }
}

/** A raw key stored before keys were wrapped. */
export function isUnwrapped(stored: Buffer): boolean {
  return stored.length === KEY_BYTES;
}
