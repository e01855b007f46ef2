import { MAX_PASSPORT_BYTES, PASSPORT_TYPES } from '../../../../contract/guestRegister';

/** The longest side a passport photo is sent at: the page is legible, the upload small on a phone's network. */
const MAX_SIDE = 2400;
const JPEG_QUALITY = 0.85;

export type PhotoProblem = 'type' | 'size';

/**
 * A passport photo ready to send: a phone's camera picture (often larger than the limit) shrunk to
 * at most 2,400 pixels a side as JPEG; a PDF or a small image as it is. The server judges the file
 * again by its content.
 */
export async function preparePhoto(file: File): Promise<{ blob: Blob; name: string } | { problem: PhotoProblem }> {
  if (file.type === 'application/pdf') {
    return file.size <= MAX_PASSPORT_BYTES ? { blob: file, name: file.name } : { problem: 'size' };
  }
  if (!file.type.startsWith('image/')) return { problem: 'type' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { problem: 'type' };
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const small = scale === 1 && file.size <= MAX_PASSPORT_BYTES;
  if (small && (PASSPORT_TYPES as readonly string[]).includes(file.type)) {
    bitmap.close();
    return { blob: file, name: file.name };
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) return { problem: 'type' };
  return blob.size <= MAX_PASSPORT_BYTES ? { blob, name: 'passport.jpg' } : { problem: 'size' };
}
