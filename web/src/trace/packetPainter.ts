/**
 * Draws the packets in flight at time t on a canvas: each packet record (kinds 1–5) on directed link
 * `component` is a dot interpolated from the link's source to its target between t_start and t_end, offset
 * to the right of its direction of travel so the two directions of a link stay apart.
 */
import type { ClusterLayout } from './clusterLayout';
import type { TraceStore } from './traceStore';
import { PACKET_STYLE } from '../theme/palette';

/** Sideways offset of each direction of a link, px. */
const LANE_OFFSET_PX = 3;

export function paintPackets(
  ctx: CanvasRenderingContext2D,
  layout: ClusterLayout,
  trace: TraceStore,
  t_ps: number,
  pixelRatio: number,
): number {
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  const radius = Math.max(3.5, Math.min(6, layout.width / 150));
  let drawn = 0;
  trace.forEachActive('packet', t_ps, (r) => {
    const link = layout.links.get(trace.component[r]);
    if (!link) return;
    const start = trace.t_start_ps[r];
    const end = trace.t_end_ps[r];
    const f = end > start ? (t_ps - start) / (end - start) : 1;
    const dx = link.x2 - link.x1;
    const dy = link.y2 - link.y1;
    const len = Math.hypot(dx, dy) || 1;
    const ox = (-dy / len) * LANE_OFFSET_PX;
    const oy = (dx / len) * LANE_OFFSET_PX;
    const px = link.x1 + dx * f + ox;
    const py = link.y1 + dy * f + oy;
    const style = PACKET_STYLE[trace.kind[r]];
    ctx.beginPath();
    ctx.arc(px, py, radius, 0, Math.PI * 2);
    ctx.fillStyle = style?.color ?? '#777';
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    drawn++;
  });
  return drawn;
}
