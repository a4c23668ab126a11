/** Message sizes as axis labels: 0 B, 1, 4, …, 1K (1024 B), 1M (1024² B). */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return '0 B';
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)}M`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}K`;
  return String(bytes);
}

/** Tick values for a size axis reaching `max` bytes: 0 and powers of 4 (every other one when crowded). */
export function sizeTicks(max: number, crowded: boolean): number[] {
  const ticks = [0];
  for (let b = 1, i = 0; b <= max * 1.0001; b *= 4, i++) if (!crowded || i % 2 === 0) ticks.push(b);
  return ticks;
}
