/** Where UTF-8 decoding of a file first fails, for the CLI's one-line refusal. */

/**
 * Offset (bytes) of the first byte that makes `bytes` invalid UTF-8 (an incomplete sequence at the end counts at
 * its start), or -1 when it is valid. Binary search over prefixes decoded in streaming mode, which accepts a
 * trailing incomplete sequence: a prefix that decodes is a prefix of a valid text.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const decodes = (n: number, stream: boolean) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n), { stream });
      return true;
    } catch {
      return false;
    }
  };
  if (decodes(bytes.length, false)) return -1;
  let lo = 0;            // decodes (streaming)
  let hi = bytes.length; // may not
  if (decodes(hi, true)) {
    // Only an incomplete sequence at the end: it starts at the last byte that is not a continuation byte.
    let i = bytes.length - 1;
    while (i > 0 && (bytes[i] & 0xc0) === 0x80) i--;
    return i;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (decodes(mid, true)) lo = mid;
    else hi = mid;
  }
  return lo;
}
