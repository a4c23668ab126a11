/**
 * Horizontal zoom and pan of the cluster view with d3-zoom: the mouse wheel or a pinch zooms about the pointer, a
 * drag pans, a double click zooms in; `zoomBy` and `reset` serve the view's + / − / fit buttons. Only x is zoomed:
 * the layout is a row per tier (hosts, PCI, NICs, switch levels) as wide as the view and as tall as it needs, and a
 * 4,096-node tree puts its hosts 0.15 px apart, so widening the rows (not enlarging the tiers) is what lets a host
 * be seen and clicked. The transform applies to the SVG's topology (`translate(x, 0) scale(k, 1)`; text is scaled
 * back) and to the packet canvas (trace/packetPainter.ts zooms the links' ends). Scale from 1 (the whole cluster)
 * to MAX_SCALE; the view never pans past the cluster's ends. A new cluster (`clusterKey` changes) starts at the
 * whole cluster again; a resized view keeps its zoom and the same part of the cluster in view.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import type { ViewTransform } from '../trace/packetPainter';

/** Largest enlargement: a 4,096-node tree's hosts (about 0.15 px apart in a 617 px view) become 38 px boxes. */
export const MAX_SCALE = 256;

export interface ClusterZoom {
  /** The current horizontal zoom (k 1, x 0: the whole cluster). */
  view: ViewTransform;
  /** Multiplies the scale by `factor` about the view's centre (animated by none: immediate). */
  zoomBy: (factor: number) => void;
  /** Back to the whole cluster. */
  reset: () => void;
}

export function useClusterZoom(stageRef: RefObject<HTMLElement | null>, width: number, height: number, clusterKey: unknown): ClusterZoom {
  const [view, setView] = useState<ViewTransform>({ k: 1, x: 0 });
  const behavior = useRef<ZoomBehavior<HTMLElement, unknown> | null>(null);
  /** The view last applied, the width it was for and the cluster it showed: a resize keeps it, a new cluster drops it. */
  const last = useRef<{ view: ViewTransform; width: number; cluster: unknown }>({ view: { k: 1, x: 0 }, width: 0, cluster: undefined });

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || width <= 0 || height <= 0) return;
    const z = zoom<HTMLElement, unknown>()
      .scaleExtent([1, MAX_SCALE])
      .extent([[0, 0], [width, height]])
      .translateExtent([[0, 0], [width, height]])
      // A click that moved less than this many px is still a click (selects a node) rather than a pan.
      .clickDistance(4)
      // d3-zoom keeps a y translation too; the view uses k and x only.
      .on('zoom', (e: { transform: ZoomTransform }) => {
        const v = { k: e.transform.k, x: e.transform.x };
        last.current = { view: v, width, cluster: clusterKey };
        // The same transform again (a new cluster resets to the whole view it already shows) keeps the same object:
        // a new one repainted every box of a canvas-drawn cluster (a task of 70 ms under a Chrome trace at 1,024 nodes).
        setView((old) => (old.k === v.k && old.x === v.x ? old : v));
      });
    behavior.current = z;
    const sel = select(stage);
    sel.call(z);
    const prev = last.current;
    // Same cluster, new size (a scrollbar, a resized window): the same part of the cluster stays in view.
    const start = prev.cluster === clusterKey && prev.width > 0 && prev.view.k > 1
      ? zoomIdentity.translate(prev.view.x * (width / prev.width), 0).scale(prev.view.k)
      : zoomIdentity;
    sel.call(z.transform, start);
    return () => {
      sel.on('.zoom', null);
      behavior.current = null;
    };
  }, [stageRef, width, height, clusterKey]);

  const zoomBy = useCallback(
    (factor: number) => {
      const stage = stageRef.current;
      if (stage && behavior.current) select(stage).call(behavior.current.scaleBy, factor);
    },
    [stageRef],
  );
  const reset = useCallback(() => {
    const stage = stageRef.current;
    if (stage && behavior.current) select(stage).call(behavior.current.transform, zoomIdentity);
  }, [stageRef]);
  return { view, zoomBy, reset };
}
