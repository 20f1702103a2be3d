import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal field as the log stores it: AES-256-GCM of the value's JSON under its subject's
 * key. The additional data binds it to its event and field, so a sealed value copied into another
 * event or field does not open. Zod-valid plain values are never objects of this shape, so sealed
 * and plain values (events written before encryption) are told apart safely.
 */
export interface SealedField {
  /** Format version. */
  readonly pd: 1;
  /** The subject (user id) whose key sealed it. */
  readonly sub: string;
  /** 12-byte nonce, base64. */
  readonly iv: string;
  /** Ciphertext followed by the 16-byte tag, base64. */
  readonly ct: string;
}

const ALGORITHM = 'aes-256-gcm';
const TAG_BYTES = 16;

/** A fresh random key for one subject. */
export function newSubjectKey(): Buffer {
  return randomBytes(32);
}

const additionalData = (eventId: string, field: string) => Buffer.from(`${eventId}/${field}`);

export function sealField(key: Buffer, subject: string, eventId: string, field: string, value: unknown): SealedField {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(additionalData(eventId, field));
  const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { pd: 1, sub: subject, iv: iv.toString('base64'), ct: ct.toString('base64') };
}

/** The plain value; throws when the key, event or field does not match (a corrupt or moved value). */
export function openField(key: Buffer, eventId: string, field: string, sealed: SealedField): unknown {
  const bytes = Buffer.from(sealed.ct, 'base64');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(additionalData(eventId, field));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

export function isSealedField(value: unknown): value is SealedField {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.pd === 1 && typeof v.sub === 'string' && typeof v.iv === 'string' && typeof v.ct === 'string';
}
