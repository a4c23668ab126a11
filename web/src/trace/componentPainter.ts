/**
 * The cluster drawn on a canvas, for clusters too large for one SVG element per component (ClusterView switches at
 * CANVAS_COMPONENTS: a 4,096-node QsNetII tree has 18,432 components and ~20,000 links, whose SVG style and paint
 * took most of each playback frame). Same look as the SVG (styles.css `.component`, `.link`): links, then boxes with
 * their group colours, the selection and a walkthrough's highlight, then the labels that fit. Only what lies in the
 * view is drawn (a zoomed view draws a few hundred boxes). Busy components (trace/busyComponents.ts) change every
 * frame, so they are painted separately on the packet canvas, under the packets (`paintBusyBoxes`).
 */
import type { ClusterLayout, PlacedComponent } from './clusterLayout';
import type { Topology } from '../sim/bridgeTypes';
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

/**
 * Paints links, boxes and labels of `layout` under `view` onto `ctx` (a canvas of layout.width × layout.height CSS
 * px at `pixelRatio`); returns the labels drawn (at most `maxLabels` of them listed).
 */
export function paintComponents(
  ctx: CanvasRenderingContext2D,
  layout: ClusterLayout,
  topology: Topology,
  view: ViewTransform,
  marks: ComponentMarks,
  pixelRatio: number,
  maxLabels = 200,
): DrawnLabel[] {
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  const visible = (x1: number, x2: number) => Math.max(x1, x2) >= 0 && Math.min(x1, x2) <= layout.width;
  const sx = (x: number) => x * view.k + view.x;
  // Links, one path per style.
  const line = (color: string, width: number, lines: Iterable<{ x1: number; y1: number; x2: number; y2: number }>) => {
    ctx.beginPath();
    for (const l of lines) {
      const a = sx(l.x1);
      const b = sx(l.x2);
      if (!visible(a, b)) continue;
      ctx.moveTo(a, l.y1);
      ctx.lineTo(b, l.y2);
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.stroke();
  };
  line(layout.dense ? STYLE.denseLink : STYLE.pciLink, layout.dense ? 0.5 : 2, layout.buses);
  line(layout.dense ? STYLE.denseLink : STYLE.link, layout.dense ? 0.5 : 1.2, layout.segments);
  // Boxes, one path per style (fill, outline, outline width), thin outlines first so that a selected or grouped
  // box's thicker one lies on top. One fillRect and strokeRect per box made a 256-node cluster's first paint a
  // main-thread task of 60-90 ms in Chromium, most of it rasterising 1,024 separate draws.
  const styles = new Map<string, { fill: string; stroke: string | null; width: number; boxes: number[] }>();
  const highlights: number[] = [];
  const labels: DrawnLabel[] = [];
  const texts: [string, number, number][] = [];
  for (const p of layout.components.values()) {
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
    if (!style) styles.set(key, (style = { fill, stroke, width, boxes: [] }));
    style.boxes.push(left, top, w, p.h);
    if (marks.highlighted(p)) highlights.push(left, top, w, p.h);
    if (labelShown(layout, p, view.k)) {
      const text = boxLabel(topology, p, view.k);
      if (text !== null) {
        texts.push([text, left + w / 2, p.y]);
        if (labels.length < maxLabels) labels.push({ name: p.c.name, text, x: left, y: top, w, h: p.h });
      }
    }
  }
  const path = (boxes: number[]) => {
    ctx.beginPath();
    for (let i = 0; i < boxes.length; i += 4) ctx.rect(boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]);
  };
  for (const style of [...styles.values()].sort((a, b) => a.width - b.width)) {
    path(style.boxes);
    ctx.fillStyle = style.fill;
    ctx.fill();
    if (style.stroke === null) continue;
    ctx.strokeStyle = style.stroke;
    ctx.lineWidth = style.width;
    ctx.stroke();
  }
  if (highlights.length > 0) {
    path(highlights);
    ctx.strokeStyle = STYLE.highlight;
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  ctx.font = '10px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = STYLE.text;
  for (const [text, x, y] of texts) ctx.fillText(text, x, y);
  return labels;
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
