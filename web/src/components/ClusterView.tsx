/**
 * The cluster: hosts, PCI buses, Elan3 (or per-rail PCI-X + Elan4) NICs and Elite (Elite4) switches (SVG, laid out by trace/clusterLayout.ts) with
 * packets in flight on a canvas overlay (trace/packetPainter.ts). Clicking a component selects its node;
 * clicking a packet (hit-tested at the current time, trace/packetHitTest.ts) opens its packet layers.
 * `run="b"` shows the comparison run (its own trace and topology, the same time cursor).
 */
import { useMemo, useRef, type CSSProperties, type MouseEvent } from 'react';
import { useTopology } from '../hooks/useTopology';
import { useElementSize } from '../hooks/useElementSize';
import { useSelection } from '../hooks/useSelection';
import { useClusterPainter } from '../hooks/useClusterPainter';
import { useSelectionStore } from '../state/selectionStore';
import { computeClusterLayout, type PlacedComponent } from '../trace/clusterLayout';
import { PacketLegend } from './PacketLegend';
import { GroupLegend, groupColor } from './GroupLegend';
import { useClusterRun } from '../hooks/useClusterRun';
import { usePlaybackStore } from '../state/playbackStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { useWalkthroughHighlight } from '../hooks/useWalkthroughHighlight';
import { packetAt } from '../trace/packetHitTest';
import { fabricNames, railIndex, type FabricNames } from '../trace/railIndex';
import { minLevels } from '../scenario/fatTreeLevels';
import type { Topology } from '../sim/bridgeTypes';

function isSelected(p: PlacedComponent, selection: ReturnType<typeof useSelection>): boolean {
  if (!selection) return false;
  if (selection.kind === 'node') return p.c.node === selection.node && p.c.kind !== 'switch';
  return p.c.id === selection.component;
}

function shortLabel(p: PlacedComponent, names: FabricNames | null): string {
  if (p.c.kind === 'host') return `${p.c.node}`;
  if (p.c.kind === 'nic') return p.c.network === 'ethernet' ? 'Tulip' : p.c.network === 'infiniband' ? 'HCA' : names?.elan4 ? 'Elan4' : 'NIC';
  if (p.c.kind === 'switch') return p.c.label ?? p.c.name;
  return '';
}

/** Whether the short label fits its box (10 px text, about 5.6 px a character): switches of many-switch levels go
 * unlabelled rather than overprinting each other (their tooltips still name them). */
function labelFits(p: PlacedComponent, names: FabricNames | null): boolean {
  return p.c.kind !== 'switch' || p.c.label !== undefined || p.w >= shortLabel(p, names).length * 5.6;
}

/** A grouped host's outline (or fill, when boxes are too small for outlines) in its group's series colour. */
function groupStyle(p: PlacedComponent, topology: Topology | null, dense: boolean): CSSProperties | undefined {
  const g = p.c.group === undefined ? undefined : topology?.groups?.[p.c.group];
  if (!g) return undefined;
  const color = groupColor(g.series_index);
  return dense ? { fill: color } : { stroke: color, strokeWidth: 2.5 };
}

/** Tooltip: the component's name and what it is (a second network's parts named for that network). */
function componentTitle(p: PlacedComponent, names: FabricNames | null): string {
  const c = p.c;
  if (c.network === 'ethernet') {
    const what = { host: 'host CPU, Fast Ethernet protocols', pci: '32-bit/33 MHz PCI bus', nic: 'Tulip-class (DEC 21140) 100 Mb/s NIC', switch: 'store-and-forward Fast Ethernet switch' }[c.kind];
    return `${c.name} (${what})`;
  }
  if (c.network === 'infiniband') {
    const what = { host: 'host CPU, verbs (VAPI)', pci: 'PCI-X 133 MHz/64-bit bus', nic: 'InfiniHost (MT23108) 4X HCA', switch: '8-port InfiniScale 4X switch, cut-through' }[c.kind];
    return `${c.name} (${what})`;
  }
  const what = c.kind === 'nic' ? names?.nic : c.kind === 'switch' ? `${names?.switchName} switch` : c.kind === 'pci' ? `${names?.bus} bus` : c.kind;
  return `${c.name} (${what ?? c.kind}${c.kind === 'switch' ? `, level ${c.level}` : ''})`;
}

/** " (2 hold the nodes; the top 2 idle)" when the tree has more levels than its nodes need, else "". */
function spareLevelsNote(topology: Topology): string {
  const needed = minLevels(topology.arity, topology.nodes);
  const spare = topology.levels - needed;
  return spare > 0 ? ` (${needed} hold the nodes; the top ${spare} idle)` : '';
}

export function ClusterView({ run = 'a', label, testSuffix }: { run?: 'a' | 'b'; label?: string; testSuffix?: string }) {
  const primaryTopology = useTopology();
  const source = useClusterRun(run);
  const topology = run === 'a' ? primaryTopology : source.topology;
  const highlight = useWalkthroughHighlight();
  const selection = useSelection();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const { width, height } = useElementSize(containerRef);
  const layout = useMemo(
    () => (topology && width > 0 && height > 0 ? computeClusterLayout(topology, width, height) : null),
    [topology, width, height],
  );
  useClusterPainter(layout, canvasRef, svgRef, source.trace, source.subscribe);
  const select = useSelectionStore((s) => s.select);
  const suffix = testSuffix ?? (run === 'a' ? '' : '-b');
  /** A click on a drawn packet picks its message (run A only: the core session answers for run A). */
  const onClickCapture = (e: MouseEvent<HTMLDivElement>) => {
    if (!layout || run !== 'a') return;
    const box = e.currentTarget.getBoundingClientRect();
    const r = packetAt(layout, source.trace, usePlaybackStore.getState().time_ps, e.clientX - box.left, e.clientY - box.top);
    if (r < 0 || source.trace.message[r] === 0) return;
    e.stopPropagation();
    usePacketSelectionStore.getState().pick({ message: source.trace.message[r], packet: r });
  };
  /** Walkthrough highlight: a node's part (or all its parts), or every Elite switch for `component: "switch"`. */
  const highlighted = (p: PlacedComponent) => {
    if (!highlight) return false;
    if (highlight.component === 'switch') return p.c.kind === 'switch';
    return highlight.node !== undefined && p.c.node === highlight.node && (!highlight.component || highlight.component === p.c.kind);
  };

  const placed = layout ? [...layout.components.values()] : [];
  const names = useMemo(() => (topology ? fabricNames(topology) : null), [topology]);
  const rails = useMemo(() => (topology ? railIndex(topology).rails : 1), [topology]);
  return (
    <section className="panel cluster-panel" aria-label={label ? `Cluster view, ${label}` : 'Cluster view'} data-panel={suffix === '' ? 'cluster' : `cluster${suffix}`}>
      <div className="panel-title">
        <h2>{label ?? 'Cluster'}</h2>
        {topology && (
          <span className="muted">
            {topology.fabric === 'fast-ethernet'
              ? `${topology.nodes} nodes · one store-and-forward Fast Ethernet switch · Tulip NICs (100 Mb/s) on 32-bit PCI`
              : topology.fabric === 'infiniband'
              ? `${topology.nodes} nodes · one 8-port InfiniScale 4X switch · InfiniHost HCAs on PCI-X 133`
              : topology.fabric === 'sci-ringlet'
              ? `${topology.nodes} nodes · one SCI ringlet · PCI-SCI adapters on 32-bit PCI${topology.components.some((c) => c.network === 'ethernet') ? ' · Fast Ethernet switch (Tulip NICs) below' : ''}`
              : `${topology.nodes} nodes · ${names?.fabric} fat tree of ${names?.switchName} switches, ${topology.levels} switch levels${spareLevelsNote(topology)}, arity ${topology.arity}`}
            {names?.elan4 ? ` · ${names.nic} NICs on ${names.bus}${rails > 1 ? `, ${rails} rails` : ''}` : ''}
            {topology.fabric !== 'infiniband' && topology.components.some((c) => c.network === 'infiniband') ? ' · InfiniBand (InfiniHost HCAs, InfiniScale switch) below' : ''}
          </span>
        )}
      </div>
      <div className="cluster-stage" ref={containerRef} data-testid={`cluster-view${suffix}`} onClickCapture={onClickCapture}>
        {!topology && <div className="placeholder">Waiting for the simulator's topology…</div>}
        <svg ref={svgRef} width={width} height={height} className={`cluster-svg${layout?.dense ? ' dense' : ''}`} role="img" aria-label="Cluster topology">
          {layout && (
            <>
              <g className="links">
                {layout.buses.map((b) => (
                  <line key={`bus-${b.id}`} className="link link-pci" x1={b.x1} y1={b.y1} x2={b.x2} y2={b.y2} />
                ))}
                {layout.segments.map((s) => (
                  <line key={s.id} className={`link link-${s.kind}`} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} />
                ))}
              </g>
              <g className="regions">
                {layout.regions.map((r) => (
                  <text key={r.id} className="region-label" x={r.x} y={r.y} data-testid={`cluster-region-${r.id}${suffix}`}>
                    {r.label}
                  </text>
                ))}
              </g>
              <g className="components">
                {placed.map((p) => (
                  <g
                    key={p.c.id}
                    className={`component component-${p.c.kind}${isSelected(p, selection) ? ' selected' : ''}${highlighted(p) ? ' wt-highlight' : ''}`}
                    data-component={p.c.id}
                    data-testid={`component-${p.c.name}${suffix}`}
                    data-busy="false"
                    transform={`translate(${p.x},${p.y})`}
                    onClick={() =>
                      select(p.c.kind === 'switch' ? { kind: 'switch', component: p.c.id } : { kind: 'node', node: p.c.node! })
                    }
                  >
                    <title>{componentTitle(p, names)}</title>
                    <rect x={-p.w / 2} y={-p.h / 2} width={p.w} height={p.h} rx={p.c.kind === 'switch' ? 3 : 2}
                      style={groupStyle(p, topology, layout.dense)} data-group={p.c.group} />
                    {(layout.showLabels || p.c.label) && p.c.kind !== 'pci' && labelFits(p, names) && (
                      <text dy="0.35em" textAnchor="middle">
                        {shortLabel(p, names)}
                      </text>
                    )}
                  </g>
                ))}
              </g>
            </>
          )}
        </svg>
        <canvas ref={canvasRef} className="packet-canvas" style={{ width, height }} data-testid={`packet-canvas${suffix}`} />
      </div>
      {topology?.groups && <GroupLegend groups={topology.groups} />}
      <PacketLegend />
    </section>
  );
}
