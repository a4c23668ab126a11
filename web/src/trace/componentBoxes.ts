/**
 * How the cluster view draws a component's box under its horizontal zoom, shared by the SVG (small clusters) and
 * the canvas (trace/componentPainter.ts, large clusters): the box's drawn width, its label, and which box is under a
 * point. Pure.
 */
import type { ClusterLayout, PlacedComponent } from './clusterLayout';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { componentShortLabel } from './networkFacts';
import { IDENTITY_VIEW, type ViewTransform } from './packetPainter';

/**
 * A box's width in layout px under a horizontal zoom of `k`: the layout's width in the whole view; zoomed, the
 * width that keeps it clear of its neighbours, never under one screen pixel.
 */
export function drawnWidth(p: PlacedComponent, k: number): number {
  return k === 1 ? p.w : Math.max(p.wFit ?? p.w, 1 / k);
}

/** Text width estimate of the 10 px box labels, px per character. */
const CHAR_PX = 5.6;

/**
 * The box label of a component, or null when none fits: a NIC's family name, else "NIC"; a switch's label or name,
 * unless a many-switch level leaves it too narrow (its tooltip still names it). Hosts always show their node in the
 * whole view (when the layout shows labels at all); zoomed (`k` > 1), any box shows its label once it is that wide.
 */
export function boxLabel(topology: Topology, p: PlacedComponent, k = 1): string | null {
  const text = componentShortLabel(topology, p.c);
  const screenWidth = drawnWidth(p, k) * k;
  const fits = screenWidth >= text.length * CHAR_PX;
  if (k > 1) return fits ? text : p.c.kind === 'nic' && screenWidth >= 3 * CHAR_PX ? 'NIC' : null;
  if (p.c.kind === 'host' || p.c.label !== undefined || fits) return text;
  return p.c.kind === 'nic' ? 'NIC' : null;
}

/** Whether the view draws a label on `p` at zoom `k` (PCI buses never carry one). */
export function labelShown(layout: ClusterLayout, p: PlacedComponent, k: number): boolean {
  return (layout.showLabels || Boolean(p.c.label) || k > 1) && p.c.kind !== 'pci';
}

/** Extra pick distance around a box, screen px (a 1 px host of a 4,096-node row can still be hit). */
const SLACK_PX = 2;

/**
 * The component whose drawn box (zoomed by `view`) is under screen point (x, y) px of the view, or null: the
 * nearest box centre among the boxes within SLACK_PX of the point.
 */
export function componentAt(layout: ClusterLayout, x: number, y: number, view: ViewTransform = IDENTITY_VIEW): PlacedComponent | null {
  let best: PlacedComponent | null = null;
  let bestD = Infinity;
  for (const p of layout.components.values()) {
    const half = (drawnWidth(p, view.k) * view.k) / 2 + SLACK_PX;
    const cx = p.x * view.k + view.x;
    const dx = Math.abs(x - cx);
    const dy = Math.abs(y - p.y);
    if (dx > half || dy > p.h / 2 + SLACK_PX) continue;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}
