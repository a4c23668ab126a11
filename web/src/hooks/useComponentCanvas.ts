/**
 * Paints a large cluster's components and links on the cluster view's component canvas
 * (trace/componentPainter.ts) whenever the layout, the zoom, the selection or a walkthrough's highlight changes,
 * at most once per frame. The canvas carries `data-components` (boxes in the layout), `data-hosts` (host boxes) and
 * `data-labels` (the labels drawn in the view: name, text and box in CSS px of the canvas, at most 200), what a
 * reader of the SVG would find in its elements.
 */
import { useEffect, type RefObject } from 'react';
import type { ClusterLayout } from '../trace/clusterLayout';
import type { Topology } from '../sim/bridgeTypes';
import { paintComponents, type ComponentMarks } from '../trace/componentPainter';
import type { ViewTransform } from '../trace/packetPainter';

export function useComponentCanvas(
  enabled: boolean,
  layout: ClusterLayout | null,
  topology: Topology | null,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  view: ViewTransform,
  marks: ComponentMarks,
): void {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!enabled || !layout || !topology || !canvas) return;
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      const w = Math.round(layout.width * ratio);
      const h = Math.round(layout.height * ratio);
      if (canvas.width !== w) canvas.width = w;
      if (canvas.height !== h) canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const labels = paintComponents(ctx, layout, topology, view, marks, ratio);
      let hosts = 0;
      for (const p of layout.components.values()) if (p.c.kind === 'host') hosts++;
      canvas.dataset.components = String(layout.components.size);
      canvas.dataset.hosts = String(hosts);
      canvas.dataset.labels = JSON.stringify(labels.map((l) => ({ ...l, x: Math.round(l.x), y: Math.round(l.y), w: Math.round(l.w), h: Math.round(l.h) })));
    });
    return () => cancelAnimationFrame(frame);
  }, [enabled, layout, topology, canvasRef, view, marks]);
}
