/** Binary-file detection and text decoding for read_file and the JS search. */

const SAMPLE_BYTES = 8000;

/**
 * True when the bytes look binary: a NUL byte in the first 8 KB (git's rule), or invalid
 * UTF-8 there. UTF-16 files with a BOM are treated as text.
 */
export function isBinary(bytes: Uint8Array): boolean {
  if (hasUtf16Bom(bytes)) return false;
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (sample.includes(0)) return true;
  try {
    // A multi-byte character cut at the sample's end is fine: decode with stream mode.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: sample.length < bytes.length });
    return false;
  } catch {
    return true;
  }
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** Decodes file bytes as text (UTF-8, or UTF-16 with a BOM), dropping a UTF-8 BOM. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes);
}
