/**
 * Trace columns that grow with few copies. Copying every column at each doubling cost one main-thread task per
 * doubling (TraceStore's seven columns; in Node, 21 ms at 0.5 M records, 37 ms at 1 M, 72 ms at 2 M). So a column
 * that reaches LARGE_FROM elements is copied once into one of LARGE_CAPACITY elements, the core's trace cap
 * (TraceBuffer: at most 1 M records per run), and is not copied again within a run. Its pages are committed by the
 * OS as they are first written, so the capacity costs address space, not memory (measured in Chromium 156: 40 such
 * Float64 columns with two elements written grew the renderer's resident memory by 9 MiB, and by 319 MiB once
 * filled). Smaller columns, like the thousands of per-queue level indexes of a 1,024-node run, grow by doubling.
 * Past LARGE_CAPACITY, doubling again.
 *
 * Plain ArrayBuffers, not resizable ones (ES2024): over a resizable buffer, Chromium 156 ran TraceStore's merge
 * loops about three times slower (the 256-node half-shift's 222,016 records, summed over the run: 79-90 ms
 * against 25-46 ms in the merge loop, 56-85 against 14-42 ms in the duration loop), and every view reads these
 * columns.
 */
export type Column = Float64Array | Uint32Array | Int32Array;

type ColumnType<T extends Column> = { new (length: number): T };

/** Columns that reach this many elements jump to LARGE_CAPACITY. */
export const LARGE_FROM = 1 << 16;
/** A large column's capacity: the core's trace cap of 1 M records per run (1,048,576 ≥ 1,000,000). */
export const LARGE_CAPACITY = 1 << 20;

/**
 * `old` when it holds `capacity` elements, else a new column of `type` with room for at least `capacity` (LARGE_CAPACITY
 * when that crosses LARGE_FROM below it) holding a copy of `old`'s first `used` elements. Elements past `used` are
 * unspecified.
 */
export function grown<T extends Column>(old: T, type: ColumnType<T>, capacity: number, used: number): T {
  if (capacity <= old.length) return old;
  const size = capacity >= LARGE_FROM && capacity < LARGE_CAPACITY ? LARGE_CAPACITY : capacity;
  const next = new type(size);
  next.set(old.subarray(0, used));
  return next;
}
