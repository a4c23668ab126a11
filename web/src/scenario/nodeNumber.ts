/**
 * The node a typed number names in a cluster of `nodes` nodes (0 to nodes − 1), or null when it names none: empty,
 * negative, fractional, exponent or other text, or past the last node. Used by the inspector's node field.
 */
export function nodeOf(text: string, nodes: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n < nodes ? n : null;
}
