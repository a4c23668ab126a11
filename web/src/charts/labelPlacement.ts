/**
 * Which of a chart's text labels to draw so that none covers another: the sequence chart labels each arrow at its
 * midpoint, and arrows that start together (a client's list I/O call to four servers, an exchange's messages) would
 * otherwise print their labels on top of each other ("Elan4-SG-Elan4-SG-LIO · 5344 B"). Greedy in the order given
 * (the caller puts the label that matters most first): a label is kept when its box overlaps no kept label's box.
 * The dropped ones stay readable in their arrow's tooltip. Pure.
 */

/** A label anchored at its middle (`text-anchor: middle`) on its baseline `y` (px). */
export interface LabelCandidate {
  x: number;
  y: number;
  text: string;
}

/** Average advance of a character of the charts' sans-serif type, as a fraction of the font size (DejaVu Sans and
 * Liberation Sans digits and lower case are 0.55-0.64 em). Overestimating only drops a label that would have fitted. */
export const CHAR_EM = 0.62;

/**
 * For each candidate, whether to draw it: true when its box (text.length × CHAR_EM × fontPx wide, fontPx tall
 * above the baseline, plus `gapPx` on every side) overlaps none of the earlier kept boxes. Same length as `labels`.
 */
export function placeLabels(labels: readonly LabelCandidate[], fontPx: number, gapPx = 2): boolean[] {
  const kept: { x0: number; x1: number; y0: number; y1: number }[] = [];
  return labels.map((l) => {
    const half = (l.text.length * CHAR_EM * fontPx) / 2 + gapPx;
    const box = { x0: l.x - half, x1: l.x + half, y0: l.y - fontPx - gapPx, y1: l.y + gapPx };
    const free = kept.every((k) => box.x1 <= k.x0 || box.x0 >= k.x1 || box.y1 <= k.y0 || box.y0 >= k.y1);
    if (free) kept.push(box);
    return free;
  });
}
