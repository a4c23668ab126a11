/**
 * Which drawn packet is under a point of the cluster canvas at time t: the packet record (a packet kind) whose dot
 * (trace/packetPainter.ts) is nearest to (x, y) within its radius plus a slack, or −1. (x, y) are px of the view
 * zoomed by `view`. Pure.
 */
import type { ClusterLayout } from './clusterLayout';
import type { TraceStore } from './traceStore';
import { IDENTITY_VIEW, packetPosition, packetRadius, type ViewTransform } from './packetPainter';

/** Extra pick distance beyond the dot's radius, px (dots are small). */
const SLACK_PX = 3;

export function packetAt(
  layout: ClusterLayout,
  trace: TraceStore,
  t_ps: number,
  x: number,
  y: number,
  view: ViewTransform = IDENTITY_VIEW,
): number {
  const reach = packetRadius(layout) + SLACK_PX;
  const pos = new Float64Array(2);
  let best = -1;
  let bestD = reach * reach;
  trace.forEachActive('packet', t_ps, (r) => {
    const link = layout.links.get(trace.component[r]);
    if (!link) return;
    packetPosition(link, trace, r, t_ps, pos, view);
    const d = (pos[0] - x) ** 2 + (pos[1] - y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = r;
    }
  });
  return best;
}
