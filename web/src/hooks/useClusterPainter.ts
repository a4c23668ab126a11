/**
 * Keeps the cluster view's animated layer in step with the playback time and the trace, outside React:
 * repaints the packet canvas and shows the busy components at most once per frame (in the clock's own frame while
 * playing): `data-busy` on the SVG's elements (`[data-component]`), or, when the components are drawn on a canvas
 * (`canvasDrawn`, trace/componentPainter.ts), their busy boxes painted under the packets (the canvas's `data-busy`
 * counts them).
 * While playing forward, each frame also draws the packets that began and ended since the previous one and last at
 * least a 60 fps frame at the playing speed (trace/packetPainter.ts, `since_ps`); a repaint at the same time (trace
 * appended, zoom) keeps them.
 * The canvas carries `data-packets` (packets drawn) and `data-paint-ms` (the packet layer's JavaScript time, ms).
 * Draws the trace of `run` (the view's run, run/RunContext.tsx) under the view's zoom `view` (hooks/useClusterZoom.ts).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { usePlaybackStore } from '../state/playbackStore';
import type { RunController } from '../run/runController';
import { paintPackets, type ViewTransform } from '../trace/packetPainter';
import { busyComponents } from '../trace/busyComponents';
import { paintBusyBoxes } from '../trace/componentPainter';
import type { ClusterLayout } from '../trace/clusterLayout';
import { MAX_FRAME_WALL_S } from './useAnimationClock';

const PS_PER_US = 1e6;

export function useClusterPainter(
  layout: ClusterLayout | null,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  svgRef: RefObject<SVGSVGElement | null>,
  run: RunController,
  view: ViewTransform,
  canvasDrawn = false,
): void {
  const viewRef = useRef(view);
  viewRef.current = view;
  const repaint = useRef<(() => void) | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const svg = svgRef.current;
    if (!layout || !canvas || !svg) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(layout.width * ratio);
    canvas.height = Math.round(layout.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const trace = run.trace;

    let frame = 0;
    /** Component id → its SVG element, read once the SVG has rendered; and the ids shown busy now. */
    let elements: Map<number, SVGElement> | null = null;
    let shownBusy = new Set<number>();
    /** The time the last paint drew, and the `since_ps` it drew with. */
    let paintedT = -1;
    let paintedSince: number | undefined;
    const paint = () => {
      frame = 0;
      const playback = usePlaybackStore.getState();
      const t = playback.time_ps;
      // Forward by what the clock covers in a frame or two (hooks/useAnimationClock.ts): not a seek, nor a jump over
      // an idle stretch.
      if (t !== paintedT) {
        const step = t - paintedT;
        paintedSince = playback.playing && paintedT >= 0 && step > 0 && step <= 2 * MAX_FRAME_WALL_S * playback.speed_us_per_s * PS_PER_US
          ? paintedT : undefined;
        paintedT = t;
      }
      const busy = busyComponents(trace, t);
      const view = viewRef.current;
      const t0 = performance.now();
      const underlay = canvasDrawn ? () => paintBusyBoxes(ctx, layout, busy, view) : undefined;
      // Packets skipped by a late frame: those a 60 fps display would have shown (at least 1/60 s at this speed).
      const missedMin_ps = (playback.speed_us_per_s * PS_PER_US) / 60;
      const drawn = paintPackets(ctx, layout, trace, t, ratio, { view, underlay, since_ps: paintedSince, missedMin_ps });
      canvas.dataset.packets = String(drawn);
      // JavaScript time of the packet layer this frame (ms; the canvas's raster and hand-over to the compositor
      // follow later in the frame), read by `npm run bench:ui`.
      canvas.dataset.paintMs = (performance.now() - t0).toFixed(2);
      if (canvasDrawn) {
        canvas.dataset.busy = String(busy.size);
        return;
      }
      // Only components whose state changed are written (thousands of elements on 1024 nodes).
      if (!elements) {
        elements = new Map();
        svg.querySelectorAll<SVGElement>('[data-component]').forEach((el) => elements!.set(Number(el.dataset.component), el));
      }
      for (const id of shownBusy) {
        if (!busy.has(id)) elements.get(id)?.setAttribute('data-busy', 'false');
      }
      for (const id of busy) {
        if (!shownBusy.has(id)) elements.get(id)?.setAttribute('data-busy', 'true');
      }
      shownBusy = busy;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    // While playing, the clock moves the time inside an animation frame (hooks/useAnimationClock.ts): a frame
    // requested there would come one frame later, and the packets would lag the time shown by a frame (250 ms of
    // wall time when frames come that far apart). A microtask paints in the clock's own frame instead.
    let microtask = false;
    let disposed = false;
    const paintInThisFrame = () => {
      microtask = false;
      if (disposed) return;
      if (frame) cancelAnimationFrame(frame);
      paint();
    };
    paint();
    repaint.current = schedule;
    const unsubPlayback = usePlaybackStore.subscribe((s, prev) => {
      if (s.time_ps === prev.time_ps) return;
      if (!s.playing) return schedule();
      if (!microtask) {
        microtask = true;
        queueMicrotask(paintInThisFrame);
      }
    });
    const unsubRun = run.subscribeTrace(schedule);
    return () => {
      disposed = true;
      unsubPlayback();
      unsubRun();
      if (frame) cancelAnimationFrame(frame);
      repaint.current = null;
    };
  }, [layout, canvasRef, svgRef, run, canvasDrawn]);
  // A zoom or pan repaints the packets under the new transform.
  useEffect(() => repaint.current?.(), [view]);
}
