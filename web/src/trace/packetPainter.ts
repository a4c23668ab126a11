/**
 * Draws the packets in flight at time t on a canvas: each packet record (a packet kind) on directed link
 * `component` is a dot interpolated from the link's source to its target between t_start and t_end, offset
 * to the right of its direction of travel so the two directions of a link stay apart.
 *
 * Packets that began and ended between two frames (`since_ps`, the time the previous frame drew) and last at least
 * `missedMin_ps` (one frame at 60 fps at the playing speed) are drawn once, halfway along their link: at 1 µs/s a hop
 * of 100 ns is on screen for 100 ms of wall time, so a frame that comes late (a busy main thread while a large run
 * computes: 100-250 ms apart in a Chrome trace of the 64-node all-to-all) would otherwise skip it. Shorter packets
 * are left to chance as at 60 fps: at 100 µs/s a frame of the all-to-all would otherwise draw 4,000 of them.
 * At most MISSED_LIMIT such packets per frame, the earliest.
 *
 * Cost per frame: a binary search for the active window (TraceStore.forEachActive), positions written into
 * reused typed arrays bucketed by packet kind (colour), then per kind one path with one fill and one stroke;
 * above DENSE_THRESHOLD packets, unoutlined squares (fillRect), much cheaper to rasterise in software than
 * thousands of anti-aliased arcs (measured with `npm run bench:ui`). No per-packet allocation.
 */
import type { ClusterLayout, PlacedLink } from './clusterLayout';
import type { TraceStore } from './traceStore';
import { PACKET_STYLE } from '../theme/palette';
import { PACKET_KIND_NAMES, TraceKind } from '../sim/traceKindCodes';

/** Sideways offset of each direction of a link, px. */
const LANE_OFFSET_PX = 3;
/** Buckets of dots: 0 = an unknown kind, then one per packet kind (sim/traceKindCodes.ts PACKET_KIND_NAMES). */
const KINDS = PACKET_KIND_NAMES.length + 1;
const BUCKET_OF_KIND = new Map<number, number>(PACKET_KIND_NAMES.map((name, i) => [TraceKind[name], i + 1]));
const BUCKET_COLOR = ['#777', ...PACKET_KIND_NAMES.map((name) => PACKET_STYLE[TraceKind[name]]?.color ?? '#777')];
/** Above this many packets in a frame, dots lose their white outline and become squares (cheap to rasterise). */
const DENSE_THRESHOLD = 400;
/** Most packets drawn per frame that began and ended since the previous frame (a frame of 0.25 s at 10,000 µs/s spans
 * 2.5 ms of a run: tens of thousands of hops on 256 nodes). */
export const MISSED_LIMIT = 4096;

/** Dot radius for a layout, px. */
export function packetRadius(layout: ClusterLayout): number {
  return Math.max(3.5, Math.min(6, layout.width / 150));
}

/**
 * The cluster view's horizontal zoom (hooks/useClusterZoom.ts): screen x = layout x × k + x, screen y = layout y.
 * Identity when the whole cluster shows.
 */
export interface ViewTransform {
  readonly k: number;
  readonly x: number;
}
export const IDENTITY_VIEW: ViewTransform = { k: 1, x: 0 };

/**
 * Screen position of packet record `r` at `t_ps` on `link` into `out` (x, y in px of the view zoomed by `view`): the
 * link's ends are zoomed, then the dot is interpolated and offset sideways on screen.
 */
export function packetPosition(
  link: PlacedLink,
  trace: TraceStore,
  r: number,
  t_ps: number,
  out: Float64Array,
  view: ViewTransform = IDENTITY_VIEW,
): void {
  const start = trace.t_start_ps[r];
  const end = trace.t_end_ps[r];
  const f = end > start ? (t_ps - start) / (end - start) : 1;
  const x1 = link.x1 * view.k + view.x;
  const dx = (link.x2 - link.x1) * view.k;
  const dy = link.y2 - link.y1;
  const len = Math.hypot(dx, dy) || 1;
  out[0] = x1 + dx * f + (-dy / len) * LANE_OFFSET_PX;
  out[1] = link.y1 + dy * f + (dx / len) * LANE_OFFSET_PX;
}

/** Reused per-kind buffers of x, y pairs. */
let buckets: Float32Array[] = Array.from({ length: KINDS }, () => new Float32Array(2048));
const counts = new Int32Array(KINDS);
const scratch = new Float64Array(2);

function push(kind: number, x: number, y: number): void {
  const k = BUCKET_OF_KIND.get(kind) ?? 0;
  let b = buckets[k];
  const n = counts[k];
  if (2 * n + 2 > b.length) {
    const grown = new Float32Array(b.length * 2);
    grown.set(b);
    buckets = buckets.map((old, i) => (i === k ? grown : old));
    b = grown;
  }
  b[2 * n] = x;
  b[2 * n + 1] = y;
  counts[k] = n + 1;
}

/** What a frame of the packet layer draws besides the packets active at its time. */
export interface PacketPaintOptions {
  /** The cluster view's zoom (identity: the whole cluster). */
  readonly view?: ViewTransform;
  /** Paints first on the cleared canvas (the busy boxes of a canvas-drawn cluster, trace/componentPainter.ts). */
  readonly underlay?: () => void;
  /**
   * The time (ps) the previous frame drew, when playback moved forward from it to `t_ps`: the packets that started
   * after it and were over by `t_ps` are drawn too, halfway along their link (at most MISSED_LIMIT).
   */
  readonly since_ps?: number;
  /** Of those, only the packets that last at least this long, ps (default 0: all). */
  readonly missedMin_ps?: number;
}

/**
 * Whether packet record `r` began after `since_ps` and was over by `t_ps` (no frame at either time shows it), and
 * lasted at least `min_ps`.
 */
export function missedBetween(trace: TraceStore, r: number, since_ps: number, t_ps: number, min_ps = 0): boolean {
  const start = trace.t_start_ps[r];
  const end = trace.t_end_ps[r];
  return start > since_ps && start < t_ps && end <= t_ps && end - start >= min_ps;
}

/**
 * Paints the packets active at `t_ps`, and those missed since the previous frame (`options.since_ps`), in the view
 * zoomed by `options.view`; returns how many were drawn.
 */
export function paintPackets(
  ctx: CanvasRenderingContext2D,
  layout: ClusterLayout,
  trace: TraceStore,
  t_ps: number,
  pixelRatio: number,
  options: PacketPaintOptions = {},
): number {
  const view = options.view ?? IDENTITY_VIEW;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  options.underlay?.();
  const radius = packetRadius(layout);
  counts.fill(0);
  let drawn = 0;
  trace.forEachActive('packet', t_ps, (r) => {
    const link = layout.links.get(trace.component[r]);
    if (!link) return;
    packetPosition(link, trace, r, t_ps, scratch, view);
    push(trace.kind[r], scratch[0], scratch[1]);
    drawn++;
  });
  const since = options.since_ps;
  const min = options.missedMin_ps ?? 0;
  if (since !== undefined && since < t_ps) {
    let missed = 0;
    trace.forEachInWindow('packet', since, t_ps, (r) => {
      if (missed >= MISSED_LIMIT || !missedBetween(trace, r, since, t_ps, min)) return;
      const link = layout.links.get(trace.component[r]);
      if (!link) return;
      packetPosition(link, trace, r, (trace.t_start_ps[r] + trace.t_end_ps[r]) / 2, scratch, view);
      push(trace.kind[r], scratch[0], scratch[1]);
      missed++;
      drawn++;
    });
  }
  if (drawn > DENSE_THRESHOLD) {
    const side = radius * 1.6;
    for (let k = 0; k < KINDS; k++) {
      const b = buckets[k];
      ctx.fillStyle = BUCKET_COLOR[k];
      for (let i = 0, n = counts[k]; i < n; i++) ctx.fillRect(b[2 * i] - side / 2, b[2 * i + 1] - side / 2, side, side);
    }
    return drawn;
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#fff';
  for (let k = 0; k < KINDS; k++) {
    const n = counts[k];
    if (n === 0) continue;
    const b = buckets[k];
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const x = b[2 * i];
      const y = b[2 * i + 1];
      ctx.moveTo(x + radius, y);
      ctx.arc(x, y, radius, 0, Math.PI * 2);
    }
    ctx.fillStyle = BUCKET_COLOR[k];
    ctx.fill();
    ctx.stroke();
  }
  return drawn;
}
