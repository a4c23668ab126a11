/**
 * Codes of the pvfs2_work trace kind's `value` that the views tell apart: protocols/pvfs2/cpu.h's Work (its names are
 * the catalog's, core-wasm/src/catalog/trace_kinds_json.cc). Append-only there, so fixed here.
 */

/** Trove's work: a lio_listio round, an AIO pread/pwrite, the op's end, a notification thread (storage, not host CPU). */
export const PVFS2_TROVE_WORK: ReadonlySet<number> = new Set([13, 14, 15, 17]);
/** A BMI test asleep in poll() while a completion waits (bmi_ib after its spin): the process waits, it is not busy. */
export const PVFS2_TEST_ASLEEP = 18;
