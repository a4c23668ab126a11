/**
 * SVG drawing of an event chain (chain/chainLayout.ts): swim lanes per host CPU and Elan4, nodes in firing
 * order, causality edges. NIC-only nodes are blue rounded boxes tagged "NIC-only"; nodes that need the host are
 * vermillion hexagons tagged "host". A node lights up (filled, `data-fired="true"`) once the time cursor passes
 * its firing time.
 */
import { NODE_H, NODE_W, type ChainLayout } from '../chain/chainLayout';
import { seek } from '../state/timeCursor';
import { formatUs } from '../charts/formatUs';

const HEX = (() => {
  const w = NODE_W / 2;
  const h = NODE_H / 2;
  const k = 9;
  return `${-w + k},${-h} ${w - k},${-h} ${w},0 ${w - k},${h} ${-w + k},${h} ${-w},0`;
})();

export function EventChainGraph({ layout, time_ps }: { layout: ChainLayout; time_ps: number }) {
  const fired = (id: number) => layout.nodes[id].n.t_ps <= time_ps;
  return (
    <svg width={layout.width} height={layout.height} className="chain-svg" role="group" aria-label="Event chain: DMA descriptors, events and host work in firing order">
      <defs>
        <marker id="chain-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0,0L10,5L0,10Z" fill="context-stroke" />
        </marker>
      </defs>
      {layout.lanes.map((l) => (
        <g key={l.key} className={`chain-lane chain-lane-${l.actor}`}>
          <rect x={0} y={l.y - 29} width={layout.width} height={58} />
          <text x={6} y={l.y + 4} className="chain-lane-label">{l.label}</text>
        </g>
      ))}
      <g className="chain-edges">
        {layout.edges.map((e) => (
          <path
            key={`${e.from}-${e.to}`}
            d={e.path}
            className={`chain-edge chain-edge-${e.kind}${fired(e.to) ? ' fired' : ''}`}
            markerEnd="url(#chain-arrow)"
            data-testid="chain-edge"
            data-from={e.from}
            data-to={e.to}
          />
        ))}
      </g>
      {layout.nodes.map((p) => {
        const on = fired(p.n.id);
        const host = p.n.needsHost;
        const tag = host ? 'host' : 'NIC-only';
        const name = `${p.n.label}: ${host ? 'needs the host' : 'NIC-only, no host'}; node ${p.n.node}, ${formatUs(p.n.t_ps)} µs${on ? ', fired' : ''}`;
        return (
          <g
            key={p.n.id}
            transform={`translate(${p.x},${p.y})`}
            className={`chain-node ${host ? 'chain-host' : 'chain-nic'}${on ? ' fired' : ''}${p.n.chained ? ' chained' : ''}`}
            data-testid="chain-node"
            data-type={p.n.type}
            data-needs-host={host}
            data-chained={p.n.chained === true}
            data-fired={on}
            data-t-ps={p.n.t_ps}
            role="button"
            tabIndex={0}
            aria-label={name}
            onClick={() => seek(p.n.t_ps)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && seek(p.n.t_ps)}
          >
            <title>{`${name}\n${p.n.detail}`}</title>
            {host ? <polygon points={HEX} /> : <rect x={-NODE_W / 2} y={-NODE_H / 2} width={NODE_W} height={NODE_H} rx={8} />}
            <text y={-3} textAnchor="middle" className="chain-node-label">{p.short}</text>
            <text y={11} textAnchor="middle" className="chain-node-tag">{tag}</text>
            {p.n.chained && <text y={-NODE_H / 2 - 4} textAnchor="middle" className="chain-node-chained">chained DMA</text>}
          </g>
        );
      })}
    </svg>
  );
}
