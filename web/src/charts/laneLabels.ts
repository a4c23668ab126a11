/**
 * Which lifelines of a sequence chart carry a label when many share its width (64 MPI ranks of an all-to-all in
 * ~470 px: 7 px apart). Lanes at least FULL_LABEL_PX apart are each labelled in full ("rank 12"); closer lanes
 * get a d3 rank axis with a tick every `step` lanes (a power of two, so ranks 0, 4, 8, …), at least
 * SHORT_LABEL_PX apart, and the unlabelled lanes are drawn thin. Pure.
 */

/** Spacing (px) from which every lane gets its full "rank n" / "node n" label (11 px type). */
export const FULL_LABEL_PX = 48;
/** Least distance (px) between two rank numbers on the axis of a dense chart. */
export const SHORT_LABEL_PX = 24;

export interface LaneLabels {
  /** Every lane labelled in full (`step` is 1). */
  full: boolean;
  /** A label every `step` lanes (by position in the lane list). */
  step: number;
  /** The labelled lanes (node ids), ascending. */
  labelled: number[];
}

/** Labels of `lanes` (node ids, ascending) drawn `spacingPx` apart. */
export function laneLabels(lanes: number[], spacingPx: number): LaneLabels {
  if (spacingPx >= FULL_LABEL_PX || lanes.length <= 1) return { full: true, step: 1, labelled: [...lanes] };
  let step = 1;
  while (step * spacingPx < SHORT_LABEL_PX && step < lanes.length) step *= 2;
  return { full: false, step, labelled: lanes.filter((_, i) => i % step === 0) };
}
