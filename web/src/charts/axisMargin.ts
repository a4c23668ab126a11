/**
 * Room for axis tick labels. The left margin a vertical axis needs for its tick labels: the longest label's estimated width (CHAR_EM per
 * character of `fontPx` type, as the label placement estimates it) plus the tick and a gap, never below `least`.
 * A NAS run's sequence chart labels its ticks "171,603,680 µs" 171.6 s in; a fixed 72 px margin cut them to
 * "603,680 µs". Pure.
 */
import { CHAR_EM } from './labelPlacement';

/** The room an axis label takes: its estimated width in `fontPx` type plus a 16 px gap (the tick and some air). */
export const axisLabelPx = (text: string, fontPx: number): number => text.length * CHAR_EM * fontPx + 16;

export function axisLeftMargin(labels: readonly string[], fontPx: number, least: number): number {
  return Math.max(least, Math.ceil(Math.max(0, ...labels.map((l) => axisLabelPx(l, fontPx)))));
}
