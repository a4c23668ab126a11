/**
 * Keeps the cluster view's animated layer in step with the playback time and the trace, outside React:
 * repaints the packet canvas and sets `data-busy` on SVG elements (`[data-component]`) at most once per frame.
 */
import { useEffect, type RefObject } from 'react';
import { usePlaybackStore } from '../state/playbackStore';
import { useRunStore } from '../state/runStore';
import { traceStore } from '../trace/traceStore';
import { paintPackets } from '../trace/packetPainter';
import { busyComponents } from '../trace/busyComponents';
import type { ClusterLayout } from '../trace/clusterLayout';

export function useClusterPainter(
  layout: ClusterLayout | null,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  svgRef: RefObject<SVGSVGElement | null>,
): void {
  useEffect(() => {
    const canvas = canvasRef.current;
    const svg = svgRef.current;
    if (!layout || !canvas || !svg) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(layout.width * ratio);
    canvas.height = Math.round(layout.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;

    let frame = 0;
    const paint = () => {
      frame = 0;
      const t = usePlaybackStore.getState().time_ps;
      const drawn = paintPackets(ctx, layout, traceStore, t, ratio);
      canvas.dataset.packets = String(drawn);
      const busy = busyComponents(traceStore, t);
      svg.querySelectorAll<SVGElement>('[data-component]').forEach((el) => {
        const isBusy = busy.has(Number(el.dataset.component));
        if ((el.dataset.busy === 'true') !== isBusy) el.dataset.busy = String(isBusy);
      });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    paint();
    const unsubPlayback = usePlaybackStore.subscribe((s, prev) => {
      if (s.time_ps !== prev.time_ps) schedule();
    });
    const unsubRun = useRunStore.subscribe((s, prev) => {
      if (s.traceVersion !== prev.traceVersion) schedule();
    });
    return () => {
      unsubPlayback();
      unsubRun();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [layout, canvasRef, svgRef]);
}
