/**
 * Paints a large cluster's components and links on the cluster view's component canvas
 * (trace/componentPainter.ts) whenever the layout, the zoom, the selection or a walkthrough's highlight changes,
 * at most once per frame. The canvas's first scene is built in an animation frame, in slices of SLICE_MS
 * (hooks/stepsInSlices.ts): when it takes longer, as a 1,024-node cluster's does in code V8 has not optimised yet, the
 * rest is built in tasks of its own and drawn in a later frame. Later scenes (zoom, selection) are built and drawn in
 * their frame, so that a zoom that changes the view every frame is drawn every frame. The canvas carries
 * `data-components` (boxes in the layout), `data-hosts` (host boxes) and `data-labels` (the labels drawn in the view:
 * name, text and box in CSS px of the canvas, at most 200), what a reader of the SVG would find in its elements.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { ClusterLayout } from '../trace/clusterLayout';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { componentSceneSteps, drawComponentScene, type ComponentMarks, type ComponentScene } from '../trace/componentPainter';
import type { ViewTransform } from '../trace/packetPainter';
import { runSlice, stepsInSlices } from './stepsInSlices';

/** Length of one slice of a scene, ms. */
const SLICE_MS = 8;

export function useComponentCanvas(
  enabled: boolean,
  layout: ClusterLayout | null,
  topology: Topology | null,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  view: ViewTransform,
  marks: ComponentMarks,
): void {
  const drawnOnce = useRef(false);
  useEffect(() => {
    if (!enabled || !layout || !topology || !canvasRef.current) return;
    let cancelled = false;
    let frame = 0;
    const draw = (scene: ComponentScene) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const ratio = window.devicePixelRatio || 1;
      const w = Math.round(layout.width * ratio);
      const h = Math.round(layout.height * ratio);
      if (canvas.width !== w) canvas.width = w;
      if (canvas.height !== h) canvas.height = h;
      drawComponentScene(ctx, scene, layout, ratio);
      drawnOnce.current = true;
      canvas.dataset.components = String(layout.components.size);
      canvas.dataset.hosts = String(scene.hosts);
      canvas.dataset.labels = JSON.stringify(scene.labels.map((l) => ({ ...l, x: Math.round(l.x), y: Math.round(l.y), w: Math.round(l.w), h: Math.round(l.h) })));
    };
    frame = requestAnimationFrame(() => {
      const steps = componentSceneSteps(layout, topology, view, marks, () => new Path2D());
      const first = runSlice(steps, drawnOnce.current ? Infinity : SLICE_MS);
      if (first.done) return draw(first.value);
      void stepsInSlices(steps, SLICE_MS, () => cancelled).then((scene) => {
        if (scene && !cancelled) frame = requestAnimationFrame(() => draw(scene));
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [enabled, layout, topology, canvasRef, view, marks]);
}
