/**
 * The cluster: hosts, PCI buses, NICs and switches (SVG, laid out by trace/clusterLayout.ts; captions and tooltips
 * from the run's topology facts and the catalog, trace/networkFacts.ts; above CANVAS_COMPONENTS components, as on
 * 1,024 QsNet nodes and QsNetII's 4,096, drawn on a canvas instead, trace/componentPainter.ts, clicked and hovered through
 * trace/componentBoxes.ts's componentAt) with
 * packets in flight on a canvas overlay (trace/packetPainter.ts). Clicking a component selects its node;
 * clicking a packet (hit-tested at the current time, trace/packetHitTest.ts) opens its packet layers. The wheel,
 * a drag, a double click or the + / − / fit buttons widen and pan both layers together (hooks/useClusterZoom.ts),
 * so a 4,096-node tree's hosts can be told apart and clicked.
 * Shows the run of its RunProvider (run/RunContext.tsx): the page's run, or in the compare view run B (its own trace
 * and topology, the same time cursor).
 */
import { useMemo, useRef, type CSSProperties, type MouseEvent } from 'react';
import { useComponentCanvas } from '../hooks/useComponentCanvas';
import { boxLabel, componentAt, drawnWidth, labelShown } from '../trace/componentBoxes';
import { CANVAS_COMPONENTS, type ComponentMarks } from '../trace/componentPainter';
import { useTopologyNow } from '../hooks/useTopology';
import { useElementSize } from '../hooks/useElementSize';
import { useSelection } from '../hooks/useSelection';
import { useClusterPainter } from '../hooks/useClusterPainter';
import { MAX_SCALE, useClusterZoom } from '../hooks/useClusterZoom';
import { useSelectionStore } from '../state/selectionStore';
import type { PlacedComponent } from '../trace/clusterLayout';
import { useClusterLayout } from '../hooks/useClusterLayout';
import { PacketLegend } from './PacketLegend';
import { GroupLegend, groupColor } from './GroupLegend';
import { useRun } from '../run/RunContext';
import { useRunStatus } from '../hooks/useRunStatus';
import { usePlaybackStore } from '../state/playbackStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { useWalkthroughHighlight } from '../hooks/useWalkthroughHighlight';
import { packetAt } from '../trace/packetHitTest';
import { clusterCaption, componentTitle } from '../trace/networkFacts';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';

function isSelected(p: PlacedComponent, selection: ReturnType<typeof useSelection>): boolean {
  if (!selection) return false;
  if (selection.kind === 'node') return p.c.node === selection.node && p.c.kind !== 'switch';
  return p.c.id === selection.component;
}

/** A grouped host's outline (or fill, when boxes are too small for outlines) in its group's series colour. */
function groupStyle(p: PlacedComponent, topology: Topology | null, dense: boolean): CSSProperties | undefined {
  const g = p.c.group === undefined ? undefined : topology?.groups?.[p.c.group];
  if (!g) return undefined;
  const color = groupColor(g.series_index);
  return dense ? { fill: color } : { stroke: color, strokeWidth: 2.5 };
}

export function ClusterView({ label, testSuffix }: { label?: string; testSuffix?: string }) {
  const run = useRun();
  const failed = useRunStatus() === 'error';
  const topology = useTopologyNow();
  const highlight = useWalkthroughHighlight();
  const selection = useSelection();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const componentCanvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const { width, height } = useElementSize(containerRef);
  const layout = useClusterLayout(topology, width, height);
  const zoom = useClusterZoom(containerRef, width, height, topology);
  const view = zoom.view;
  const canvasDrawn = layout !== null && layout.components.size > CANVAS_COMPONENTS;
  useClusterPainter(layout, canvasRef, svgRef, run, view, canvasDrawn);
  const select = useSelectionStore((s) => s.select);
  const pick = (p: PlacedComponent) =>
    select(p.c.kind === 'switch' ? { kind: 'switch', component: p.c.id } : { kind: 'node', node: p.c.node! });
  const suffix = testSuffix ?? run.testSuffix;
  /** A click on a drawn packet picks its message for the packet layers (this run's trace and core session). */
  const onClickCapture = (e: MouseEvent<HTMLDivElement>) => {
    if (!layout) return;
    const box = e.currentTarget.getBoundingClientRect();
    const r = packetAt(layout, run.trace, usePlaybackStore.getState().time_ps, e.clientX - box.left, e.clientY - box.top, view);
    if (r < 0 || run.trace.message[r] === 0) return;
    e.stopPropagation();
    usePacketSelectionStore.getState().pick({ message: run.trace.message[r], packet: r, run });
  };
  /** Walkthrough highlight: a node's part (or all its parts), or every Elite switch for `component: "switch"`. */
  const highlighted = (p: PlacedComponent) => {
    if (!highlight) return false;
    if (highlight.component === 'switch') return p.c.kind === 'switch';
    return highlight.node !== undefined && p.c.node === highlight.node && (!highlight.component || highlight.component === p.c.kind);
  };
  const marks = useMemo<ComponentMarks>(
    () => ({ selected: (p) => isSelected(p, selection), highlighted }),
    // `highlighted` reads only `highlight`
    [selection, highlight],
  );
  useComponentCanvas(canvasDrawn, layout, topology, componentCanvasRef, view, marks);
  /** Canvas-drawn components: a click selects the box under the pointer; hovering names it (the SVG's <title>). */
  const onCanvasClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!canvasDrawn || !layout) return;
    const box = e.currentTarget.getBoundingClientRect();
    const p = componentAt(layout, e.clientX - box.left, e.clientY - box.top, view);
    if (p) pick(p);
  };
  const onCanvasHover = (e: MouseEvent<HTMLDivElement>) => {
    if (!canvasDrawn || !layout || !topology) return;
    const box = e.currentTarget.getBoundingClientRect();
    const p = componentAt(layout, e.clientX - box.left, e.clientY - box.top, view);
    const title = p ? componentTitle(topology, p.c) : '';
    if (e.currentTarget.title !== title) e.currentTarget.title = title;
  };

  const placed = layout && !canvasDrawn ? [...layout.components.values()] : [];
  const caption = useMemo(() => (topology ? clusterCaption(topology) : null), [topology]);
  return (
    <section className="panel cluster-panel" aria-label={label ? `Cluster view, ${label}` : 'Cluster view'} data-panel={suffix === '' ? 'cluster' : `cluster${suffix}`}>
      <div className="panel-title">
        <h2>{label ?? 'Cluster'}</h2>
        {caption && <span className="muted" data-testid={`cluster-caption${suffix}`}>{caption}</span>}
        {topology && (
          <span className="zoom-controls" role="group" aria-label="Zoom">
            <button type="button" title="Zoom in (or the mouse wheel; drag to pan)" aria-label="Zoom in" data-testid={`zoom-in${suffix}`}
              disabled={view.k >= MAX_SCALE} onClick={() => zoom.zoomBy(2)}>+</button>
            <button type="button" title="Zoom out" aria-label="Zoom out" data-testid={`zoom-out${suffix}`}
              disabled={view.k <= 1} onClick={() => zoom.zoomBy(0.5)}>−</button>
            <button type="button" title="Show the whole cluster" data-testid={`zoom-reset${suffix}`}
              disabled={view.k === 1 && view.x === 0} onClick={zoom.reset}>fit</button>
            <span className="muted" data-testid={`zoom-scale${suffix}`}>×{view.k < 10 ? view.k.toFixed(1) : Math.round(view.k)}</span>
          </span>
        )}
      </div>
      <div className="cluster-stage" ref={containerRef} data-testid={`cluster-view${suffix}`} onClickCapture={onClickCapture}
        onClick={canvasDrawn ? onCanvasClick : undefined} onMouseMove={canvasDrawn ? onCanvasHover : undefined}>
        {!topology && (
          <div className="placeholder" data-testid="cluster-placeholder">
            {failed
              ? 'No cluster to draw: the simulator stopped before it described the machine (the message at the top of the page says why).'
              : "Waiting for the simulator's topology…"}
          </div>
        )}
        {topology && !layout && width > 0 && (
          <div className="placeholder">Laying out {topology.components.length.toLocaleString('en-US')} components…</div>
        )}
        {canvasDrawn && (
          <canvas ref={componentCanvasRef} className="component-canvas" style={{ width, height }} data-testid={`component-canvas${suffix}`}
            role="img" aria-label={`Cluster topology: ${layout!.components.size} components, drawn on a canvas`} />
        )}
        <svg ref={svgRef} width={width} height={height} className={`cluster-svg${layout?.dense ? ' dense' : ''}`} role="img" aria-label="Cluster topology">
          {layout && (
            <g className="zoom-layer" transform={`translate(${view.x},0) scale(${view.k},1)`} data-testid={`zoom-layer${suffix}`}>
              {!canvasDrawn && <g className="links">
                {layout.buses.map((b) => (
                  <line key={`bus-${b.id}`} className="link link-pci" x1={b.x1} y1={b.y1} x2={b.x2} y2={b.y2} />
                ))}
                {layout.segments.map((s) => (
                  <line key={s.id} className={`link link-${s.kind}`} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} />
                ))}
              </g>}
              <g className="regions">
                {layout.regions.map((r) => (
                  <text key={r.id} className="region-label" transform={`translate(${r.x},${r.y}) scale(${1 / view.k},1)`} data-testid={`cluster-region-${r.id}${suffix}`}>
                    {r.label}
                  </text>
                ))}
              </g>
              <g className="components">
                {placed.map((p) => {
                  // Once per component and render (4,096 nodes re-render 18,432 of them on every zoom step).
                  const w = drawnWidth(p, view.k);
                  const text = labelShown(layout, p, view.k) ? boxLabel(topology!, p, view.k) : null;
                  return (
                    <g
                      key={p.c.id}
                      className={`component component-${p.c.kind}${isSelected(p, selection) ? ' selected' : ''}${highlighted(p) ? ' wt-highlight' : ''}`}
                      data-component={p.c.id}
                      data-testid={`component-${p.c.name}${suffix}`}
                      data-busy="false"
                      transform={`translate(${p.x},${p.y})`}
                      onClick={() => pick(p)}
                    >
                      <title>{componentTitle(topology!, p.c)}</title>
                      <rect x={-w / 2} y={-p.h / 2} width={w} height={p.h} rx={view.k > 1 ? 0 : p.c.kind === 'switch' ? 3 : 2}
                        style={groupStyle(p, topology, layout.dense)} data-group={p.c.group} />
                      {text !== null && (
                        <text dy="0.35em" textAnchor="middle" transform={view.k === 1 ? undefined : `scale(${1 / view.k},1)`}>
                          {text}
                        </text>
                      )}
                    </g>
                  );
                })}
              </g>
            </g>
          )}
        </svg>
        <canvas ref={canvasRef} className="packet-canvas" style={{ width, height }} data-testid={`packet-canvas${suffix}`} />
      </div>
      {topology?.groups && <GroupLegend groups={topology.groups} />}
      <PacketLegend topology={topology} />
    </section>
  );
}
