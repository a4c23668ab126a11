/**
 * The cluster drawn on a canvas, for clusters too large for one SVG element per component (ClusterView switches at
 * CANVAS_COMPONENTS: a 4,096-node QsNetII tree has 18,432 components and ~20,000 links, whose SVG style and paint
 * took most of each playback frame). Same look as the SVG (styles.css `.component`, `.link`): links, then boxes with
 * their group colours, the selection and a walkthrough's highlight, then the labels that fit. Only what lies in the
 * view is drawn (a zoomed view draws a few hundred boxes). Busy components (trace/busyComponents.ts) change every
 * frame, so they are painted separately on the packet canvas, under the packets (`paintBusyBoxes`).
 */
import type { ClusterLayout, PlacedComponent } from './clusterLayout';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { SERIES_COLORS } from '../theme/palette';
import { boxLabel, drawnWidth, labelShown } from './componentBoxes';
import type { ViewTransform } from './packetPainter';

/**
 * Above this many components the cluster view draws them on a canvas instead of SVG elements: 128 QsNet nodes
 * (512 components) stay SVG; 256 (1,024), 512 (2,304) and 1,024 nodes (4,352) are drawn here. As SVG elements, a
 * 1,024-node tree cost the browser about 13 ms of layerization per frame while a run computed, and its playback ran
 * at 42-47 frames per second against 54-58 on the canvas (`npm run bench:ui` case (c), 2026-11-27); the 256-node
 * half-shift's first render as SVG was one main-thread task of 200-250 ms just after its run started, and its style
 * and layout another of about 100 ms (Chrome trace, 2026-11-27). The bound was 8,000, then 2,000.
 */
export const CANVAS_COMPONENTS = 1000;

/** Colours of styles.css's `.component` and `.link` rules (and its `--busy` and `--accent`). */
const STYLE = {
  fill: { host: '#fff', switch: '#e8eef6', nic: '#eef6f1', pci: '#d9dde3' } as Record<string, string>,
  stroke: '#4a5568',
  pciStroke: '#6b7280',
  denseFill: '#8a94a6',
  denseSwitch: '#5b7ea6',
  busy: '#f0e442',
  busyStroke: '#8a6d00',
  denseBusy: '#c9a800',
  accent: '#0072b2',
  highlight: '#D55E00',
  link: '#b8c0cc',
  pciLink: '#8a94a6',
  denseLink: '#ccd3dc',
  text: '#1d2430',
};

/** What the boxes show besides their kind. */
export interface ComponentMarks {
  selected: (p: PlacedComponent) => boolean;
  highlighted: (p: PlacedComponent) => boolean;
}

/** A label drawn in the view: the component's name and its box, screen px (the canvas's `data-labels`). */
export interface DrawnLabel {
  name: string;
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A box's left edge and width on screen, px. */
function screenBox(p: PlacedComponent, view: ViewTransform): [number, number] {
  const w = drawnWidth(p, view.k) * view.k;
  return [p.x * view.k + view.x - w / 2, w];
}

function groupColorOf(p: PlacedComponent, topology: Topology): string | undefined {
  const g = p.c.group === undefined ? undefined : topology.groups?.[p.c.group];
  return g ? SERIES_COLORS[g.series_index % SERIES_COLORS.length] : undefined; // GroupLegend's groupColor
}

/** The part of a 2D path a component scene builds: a browser's Path2D (or a test's recorder). */
export type ScenePath = Pick<Path2D, 'moveTo' | 'lineTo' | 'rect'>;

/** The cluster as the canvas draws it, its paths built (componentSceneSteps), for drawComponentScene. */
export interface ComponentScene<P extends ScenePath = Path2D> {
  /** Bus and link lines, one path per style, in drawing order. */
  lines: { path: P; color: string; width: number }[];
  /** Boxes, one path per style (fill, outline, outline width), thin outlines first. */
  boxes: { path: P; fill: string; stroke: string | null; width: number }[];
  /** A walkthrough's highlighted boxes, outlined last; null when none is in view. */
  highlights: P | null;
  /** Labels drawn: text and centre, px. */
  texts: [string, number, number][];
  /** The first `maxLabels` labels drawn, with their boxes (the canvas's `data-labels`). */
  labels: DrawnLabel[];
  /** Host boxes in the layout (in view or not; the canvas's `data-hosts`). */
  hosts: number;
}

/** Components or links a scene step handles between two `yield`s of componentSceneSteps. */
const STEP_ITEMS = 512;

/**
 * Builds the scene of `layout` under `view` (links, boxes with their group colours, selection and highlight, labels
 * that fit) with paths from `newPath`, yielding after every STEP_ITEMS components or links, so that a page can build
 * a large cluster's first scene over several short tasks (hooks/useComponentCanvas.ts): as one task, a 1,024-node
 * cluster's first paint was 54-109 ms in Chromium while the run computed, 26 ms of it building the paths in code V8
 * had not optimised (Chrome trace, 2026-11-28).
 */
export function* componentSceneSteps<P extends ScenePath>(
  layout: ClusterLayout,
  topology: Topology,
  view: ViewTransform,
  marks: ComponentMarks,
  newPath: () => P,
  maxLabels = 200,
): Generator<void, ComponentScene<P>, void> {
  let items = 0;
  const visible = (x1: number, x2: number) => Math.max(x1, x2) >= 0 && Math.min(x1, x2) <= layout.width;
  const sx = (x: number) => x * view.k + view.x;
  const lines: ComponentScene<P>['lines'] = [];
  // Links, one path per style.
  function* line(color: string, width: number, list: Iterable<{ x1: number; y1: number; x2: number; y2: number }>) {
    const path = newPath();
    for (const l of list) {
      if (++items % STEP_ITEMS === 0) yield;
      const a = sx(l.x1);
      const b = sx(l.x2);
      if (!visible(a, b)) continue;
      path.moveTo(a, l.y1);
      path.lineTo(b, l.y2);
    }
    lines.push({ path, color, width });
  }
  yield* line(layout.dense ? STYLE.denseLink : STYLE.pciLink, layout.dense ? 0.5 : 2, layout.buses);
  yield* line(layout.dense ? STYLE.denseLink : STYLE.link, layout.dense ? 0.5 : 1.2, layout.segments);
  // Boxes, one path per style (fill, outline, outline width), thin outlines first so that a selected or grouped
  // box's thicker one lies on top. One fillRect and strokeRect per box made a 256-node cluster's first paint a
  // main-thread task of 60-90 ms in Chromium, most of it rasterising 1,024 separate draws.
  const styles = new Map<string, ComponentScene<P>['boxes'][number]>();
  let highlights: P | null = null;
  const labels: DrawnLabel[] = [];
  const texts: [string, number, number][] = [];
  let hosts = 0;
  for (const p of layout.components.values()) {
    if (++items % STEP_ITEMS === 0) yield;
    if (p.c.kind === 'host') hosts++;
    const [left, w] = screenBox(p, view);
    if (left + w < 0 || left > layout.width) continue;
    const top = p.y - p.h / 2;
    const group = groupColorOf(p, topology);
    const selected = marks.selected(p);
    const fill = layout.dense
      ? selected ? STYLE.accent : group ?? (p.c.kind === 'switch' ? STYLE.denseSwitch : STYLE.denseFill)
      : STYLE.fill[p.c.kind] ?? '#fff';
    const stroke = layout.dense ? null : selected ? STYLE.accent : group ?? (p.c.kind === 'pci' ? STYLE.pciStroke : STYLE.stroke);
    const width = selected || group ? 2.5 : 1.2;
    const key = `${fill} ${stroke} ${width}`;
    let style = styles.get(key);
    if (!style) styles.set(key, (style = { path: newPath(), fill, stroke, width }));
    style.path.rect(left, top, w, p.h);
    if (marks.highlighted(p)) (highlights ??= newPath()).rect(left, top, w, p.h);
    if (labelShown(layout, p, view.k)) {
      const text = boxLabel(topology, p, view.k);
      if (text !== null) {
        texts.push([text, left + w / 2, p.y]);
        if (labels.length < maxLabels) labels.push({ name: p.c.name, text, x: left, y: top, w, h: p.h });
      }
    }
  }
  const boxes = [...styles.values()].sort((a, b) => a.width - b.width);
  return { lines, boxes, highlights, texts, labels, hosts };
}

/** Draws `scene` onto `ctx`, a canvas of layout.width × layout.height CSS px at `pixelRatio`, cleared first. */
export function drawComponentScene<P extends ScenePath>(
  ctx: CanvasRenderingContext2D,
  scene: ComponentScene<P>,
  layout: ClusterLayout,
  pixelRatio: number,
): void {
  // A scene's paths are the context's own Path2D in a page (a recorder's in a test).
  const path = (p: P) => p as unknown as Path2D;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  for (const l of scene.lines) {
    ctx.strokeStyle = l.color;
    ctx.lineWidth = l.width;
    ctx.stroke(path(l.path));
  }
  for (const style of scene.boxes) {
    ctx.fillStyle = style.fill;
    ctx.fill(path(style.path));
    if (style.stroke === null) continue;
    ctx.strokeStyle = style.stroke;
    ctx.lineWidth = style.width;
    ctx.stroke(path(style.path));
  }
  if (scene.highlights) {
    ctx.strokeStyle = STYLE.highlight;
    ctx.lineWidth = 3;
    ctx.stroke(path(scene.highlights));
  }
  ctx.font = '10px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = STYLE.text;
  for (const [text, x, y] of scene.texts) ctx.fillText(text, x, y);
}

/** Paints the busy components' boxes (styles.css `[data-busy='true']`) onto the packet canvas, under the packets. */
export function paintBusyBoxes(ctx: CanvasRenderingContext2D, layout: ClusterLayout, busy: ReadonlySet<number>, view: ViewTransform): void {
  // One path of every busy box, filled (and outlined) once: thousands of boxes are busy at once on 4,096 nodes.
  ctx.beginPath();
  let n = 0;
  for (const id of busy) {
    const p = layout.components.get(id);
    if (!p) continue;
    const [left, w] = screenBox(p, view);
    if (left + w < 0 || left > layout.width) continue;
    ctx.rect(left, p.y - p.h / 2, w, p.h);
    n++;
  }
  if (n === 0) return;
  ctx.fillStyle = layout.dense ? STYLE.denseBusy : STYLE.busy;
  ctx.fill();
  if (layout.dense) return;
  ctx.strokeStyle = STYLE.busyStroke;
  ctx.lineWidth = 1.2;
  ctx.stroke();
}
