/**
 * The cluster: hosts, PCI buses, Elan3 NICs and Elite switches (SVG, laid out by trace/clusterLayout.ts) with
 * packets in flight on a canvas overlay (trace/packetPainter.ts). Clicking a component selects its node.
 */
import { useMemo, useRef } from 'react';
import { useTopology } from '../hooks/useTopology';
import { useElementSize } from '../hooks/useElementSize';
import { useSelection } from '../hooks/useSelection';
import { useClusterPainter } from '../hooks/useClusterPainter';
import { useSelectionStore } from '../state/selectionStore';
import { computeClusterLayout, type PlacedComponent } from '../trace/clusterLayout';
import { PacketLegend } from './PacketLegend';

function isSelected(p: PlacedComponent, selection: ReturnType<typeof useSelection>): boolean {
  if (!selection) return false;
  if (selection.kind === 'node') return p.c.node === selection.node && p.c.kind !== 'switch';
  return p.c.id === selection.component;
}

function shortLabel(p: PlacedComponent): string {
  if (p.c.kind === 'host') return `${p.c.node}`;
  if (p.c.kind === 'nic') return 'NIC';
  if (p.c.kind === 'switch') return p.c.name;
  return '';
}

export function ClusterView() {
  const topology = useTopology();
  const selection = useSelection();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const { width, height } = useElementSize(containerRef);
  const layout = useMemo(
    () => (topology && width > 0 && height > 0 ? computeClusterLayout(topology, width, height) : null),
    [topology, width, height],
  );
  useClusterPainter(layout, canvasRef, svgRef);
  const select = useSelectionStore((s) => s.select);

  const placed = layout ? [...layout.components.values()] : [];
  return (
    <section className="panel cluster-panel" aria-label="Cluster view">
      <div className="panel-title">
        <h2>Cluster</h2>
        {topology && (
          <span className="muted">
            {topology.nodes} nodes · QsNet fat tree, {topology.levels} switch levels, arity {topology.arity}
          </span>
        )}
      </div>
      <div className="cluster-stage" ref={containerRef} data-testid="cluster-view">
        {!topology && <div className="placeholder">Waiting for the simulator's topology…</div>}
        <svg ref={svgRef} width={width} height={height} className={`cluster-svg${layout?.dense ? ' dense' : ''}`} role="img" aria-label="Cluster topology">
          {layout && (
            <>
              <g className="links">
                {[...layout.nodeParts.values()].map((parts) => {
                  const host = parts.host !== undefined ? layout.components.get(parts.host) : undefined;
                  const nic = parts.nic !== undefined ? layout.components.get(parts.nic) : undefined;
                  if (!host || !nic) return null;
                  return (
                    <line
                      key={`bus-${host.c.id}`}
                      className="link link-pci"
                      x1={host.x}
                      y1={host.y - host.h / 2}
                      x2={nic.x}
                      y2={nic.y + nic.h / 2}
                    />
                  );
                })}
                {layout.segments.map((s) => (
                  <line key={s.id} className={`link link-${s.kind}`} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} />
                ))}
              </g>
              <g className="components">
                {placed.map((p) => (
                  <g
                    key={p.c.id}
                    className={`component component-${p.c.kind}${isSelected(p, selection) ? ' selected' : ''}`}
                    data-component={p.c.id}
                    data-testid={`component-${p.c.name}`}
                    data-busy="false"
                    transform={`translate(${p.x},${p.y})`}
                    onClick={() =>
                      select(p.c.kind === 'switch' ? { kind: 'switch', component: p.c.id } : { kind: 'node', node: p.c.node! })
                    }
                  >
                    <title>{`${p.c.name} (${p.c.kind}${p.c.kind === 'switch' ? `, level ${p.c.level}` : ''})`}</title>
                    <rect x={-p.w / 2} y={-p.h / 2} width={p.w} height={p.h} rx={p.c.kind === 'switch' ? 3 : 2} />
                    {layout.showLabels && p.c.kind !== 'pci' && (
                      <text dy="0.35em" textAnchor="middle">
                        {shortLabel(p)}
                      </text>
                    )}
                  </g>
                ))}
              </g>
            </>
          )}
        </svg>
        <canvas ref={canvasRef} className="packet-canvas" style={{ width, height }} data-testid="packet-canvas" />
      </div>
      <PacketLegend />
    </section>
  );
}
