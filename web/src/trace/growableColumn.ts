/**
 * Trace columns that grow in place: a large column is a typed array over a resizable ArrayBuffer (ES2024) whose
 * `resize` extends it without copying, the array tracking the buffer's length. Copying every column at each
 * doubling cost one main-thread task per doubling (TraceStore's seven columns; in Node, 21 ms at 0.5 M records,
 * 37 ms at 1 M, 72 ms at 2 M; the core keeps at most 1 M records per run). A column that reaches RESERVE_FROM elements is copied once more into a buffer reserving address space
 * for RESERVED_ELEMENTS (not memory: pages are committed as it grows); smaller ones, like the thousands of
 * per-component level indexes of a 1,024-node run, are copied as they grow and reserve nothing. Past the
 * reservation, or where one is refused, a column is copied into a larger one.
 */
export type Column = Float64Array | Uint32Array | Int32Array;

type ColumnType<T extends Column> = { new (buffer: ArrayBuffer): T; readonly BYTES_PER_ELEMENT: number };

/** Elements a large column's buffer reserves (64 Mi: 512 MiB of address space for a Float64 column). */
export const RESERVED_ELEMENTS = 1 << 26;
/** Columns of at least this many elements get a reservation. */
export const RESERVE_FROM = 1 << 16;

function buffer(elements: number, bytesPerElement: number): ArrayBuffer {
  const bytes = elements * bytesPerElement;
  if (elements < RESERVE_FROM) return new ArrayBuffer(bytes);
  try {
    return new ArrayBuffer(bytes, { maxByteLength: Math.max(elements, RESERVED_ELEMENTS) * bytesPerElement });
  } catch {
    return new ArrayBuffer(bytes); // no reservation granted: grown by copying
  }
}

/**
 * `old` with room for at least `capacity` elements: the same array resized in place when its buffer allows, else a
 * new column of `type` holding a copy of its first `used` elements. Elements past `used` are unspecified.
 */
export function grown<T extends Column>(old: T, type: ColumnType<T>, capacity: number, used: number): T {
  if (capacity <= old.length) return old;
  const bytes = capacity * type.BYTES_PER_ELEMENT;
  const b = old.buffer as ArrayBuffer;
  if (b.resizable && bytes <= b.maxByteLength) {
    b.resize(bytes);
    return old;
  }
  const next = new type(buffer(capacity, type.BYTES_PER_ELEMENT));
  next.set(old.subarray(0, used));
  return next;
}
