/**
 * Canvas drawing of a dense sequence chart (a NAS run's or an all-to-all's window holds hundreds to thousands of MPI
 * messages): one thin arrow per message from (sender lane, start) to (receiver lane, delivery), coloured by
 * transport; a message whose sender is not known yet is a short tick on the receiver's lane at delivery. The
 * more messages, the fainter their lines (`lineAlpha`: overlaps shade like a density plot) and, above
 * MAX_ARROWHEADS, each delivery is a solid tick on the receiver's lane instead of an arrowhead (a raster of
 * deliveries per rank: 4,032 messages of one MPI_Alltoall all start together). Coordinates are
 * CSS pixels; the painter scales by devicePixelRatio. `hitSegment` finds the arrow under a click. Pure but for
 * the canvas calls.
 */

/** One message in pixels; `x1 === null` when the sender is unknown. */
export interface SequenceSegment {
  message: number;
  start_ps: number;
  x1: number | null;
  y1: number;
  x2: number;
  y2: number;
  color: string;
}

/** Arrowheads are drawn only below this many segments (above, they would cover the lines). */
const MAX_ARROWHEADS = 600;

/** Opacity of the message lines for `count` segments: 1 up to 300, then 250 / count within [0.06, 0.7]. */
export function lineAlpha(count: number): number {
  return count <= 300 ? 1 : Math.min(0.7, Math.max(0.06, 250 / count));
}

export function paintSequence(canvas: HTMLCanvasElement, width: number, height: number, segments: SequenceSegment[]): void {
  const dpr = globalThis.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.lineWidth = segments.length > 2000 ? 0.6 : 1;
  ctx.globalAlpha = lineAlpha(segments.length);
  const heads = segments.length <= MAX_ARROWHEADS;
  for (const s of segments) {
    ctx.strokeStyle = s.color;
    ctx.fillStyle = s.color;
    ctx.beginPath();
    if (s.x1 === null) {
      ctx.moveTo(s.x2 - 5, s.y2);
      ctx.lineTo(s.x2 + 5, s.y2);
      ctx.stroke();
      continue;
    }
    ctx.moveTo(s.x1, s.y1);
    ctx.lineTo(s.x2, s.y2);
    ctx.stroke();
    if (heads) {
      const a = Math.atan2(s.y2 - s.y1, s.x2 - s.x1);
      ctx.beginPath();
      ctx.moveTo(s.x2, s.y2);
      ctx.lineTo(s.x2 - 6 * Math.cos(a - 0.4), s.y2 - 6 * Math.sin(a - 0.4));
      ctx.lineTo(s.x2 - 6 * Math.cos(a + 0.4), s.y2 - 6 * Math.sin(a + 0.4));
      ctx.closePath();
      ctx.fill();
    }
  }
  if (heads) return;
  ctx.globalAlpha = 0.9;
  for (const s of segments) {
    if (s.x1 === null) continue;
    ctx.fillStyle = s.color;
    ctx.fillRect(s.x2 - 2, s.y2 - 0.75, 4, 1.5);
  }
}

/** Distance from (px, py) to the segment (x1, y1)–(x2, y2), pixels. */
function distance(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** The segment nearest to (px, py) within `tolerance` pixels (the latest drawn on ties), or null. */
export function hitSegment(segments: SequenceSegment[], px: number, py: number, tolerance = 5): SequenceSegment | null {
  let best: SequenceSegment | null = null;
  let bestD = tolerance;
  for (const s of segments) {
    const d = s.x1 === null ? distance(px, py, s.x2 - 5, s.y2, s.x2 + 5, s.y2) : distance(px, py, s.x1, s.y1, s.x2, s.y2);
    if (d <= bestD) {
      best = s;
      bestD = d;
    }
  }
  return best;
}
