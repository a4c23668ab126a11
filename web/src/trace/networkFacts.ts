/**
 * What the cluster view says of a network and of each component, composed from the run's topology facts (bus as
 * built from the run's parameters, switch model, link rate, rails: core-wasm/app/wasm/README.md "Topology JSON") and
 * the core catalog's labels (core-wasm/js/coreCatalog.ts). The page derives none of these from fabric ids or component names.
 * Pure.
 */
import type { BusFacts, NetworkHeader, Topology, TopologyComponent } from '../../../core-wasm/js/bridgeTypes';
import { fabricEntry, fabricLabel, nicLabel, packetLabel } from '../../../core-wasm/js/coreCatalog';
import { TraceKind, type TraceKindName } from '../sim/traceKindCodes';
import { minLevels } from '../scenario/fatTreeLevels';

/** "64-bit/133 MHz PCI-X" (the bus's width, clock and name). */
export function busCaption(bus: BusFacts): string {
  return `${bus.width_bits}-bit/${+bus.clock_MHz.toFixed(3)} MHz ${bus.name}`;
}

/**
 * "340 MB/s", "12.5 MB/s = 100 Mb/s": a link rate in MB/s (10^6 B/s), and in megabits per second below 1 Gb/s, where
 * line rates (Fast Ethernet's) are quoted that way.
 */
export function linkRateCaption(MBps: number): string {
  const mbit = MBps * 8;
  return `${+MBps.toFixed(3)} MB/s${mbit < 1000 ? ` = ${+mbit.toFixed(3)} Mb/s` : ''}`;
}

/** The short name of a NIC family for a box: the catalog's label before any parenthesis ("Tulip (DEC 21140)" → "Tulip"). */
export function nicShortLabel(nic: string): string {
  return nicLabel(nic).replace(/\s*\(.*$/, '');
}

/** The header of the network `c` belongs to: its side network's (c.network) or the primary one. */
export function headerOf(topology: Topology, c: TopologyComponent): NetworkHeader {
  return (c.network && topology.networks?.[c.network]) || topology;
}

/** " (2 hold the nodes; the top 2 idle)" when the tree has more levels than its nodes need, else "". */
function spareLevelsNote(h: NetworkHeader): string {
  const needed = minLevels(h.arity, h.nodes);
  const spare = h.levels - needed;
  return spare > 0 ? ` (${needed} hold the nodes; the top ${spare} idle)` : '';
}

/**
 * What joins a network's nodes: "QsNetII fat tree of Elite4 switches, 2 switch levels, arity 4"; a one-level tree is
 * one switch: "QsNetII: one Elite4 switch, 8 ports to nodes" (seed 000's and 001's QS-8A); "one SCI ringlet".
 */
function fabricPhrase(h: NetworkHeader): string {
  const label = fabricLabel(h.fabric);
  if (fabricEntry(h.fabric)?.fat_tree && h.levels === 1) return `${label}: one ${h.switch ?? ''} switch, ${h.arity} ports to nodes`;
  if (fabricEntry(h.fabric)?.fat_tree)
    return `${label} fat tree of ${h.switch ?? ''} switches, ${h.levels} switch levels${spareLevelsNote(h)}, arity ${h.arity}`;
  return h.switch ? `one ${h.switch}` : `one ${label}`;
}

/** Its NICs and what they sit on: "Elan4 NICs on 64-bit/133 MHz PCI-X, 2 rails". */
function nicPhrase(h: NetworkHeader): string {
  const nics = h.nic ? `${nicLabel(h.nic)} NICs` : 'NICs';
  const rate = h.link_MBps !== undefined && !fabricEntry(h.fabric)?.fat_tree ? ` (${linkRateCaption(h.link_MBps)} links)` : '';
  return `${nics}${rate}${h.bus ? ` on ${busCaption(h.bus)}` : ''}${(h.rails ?? 1) > 1 ? `, ${h.rails} rails` : ''}`;
}

/** The cluster view's caption: nodes, fabric, NICs and bus, then each side network of the same nodes. */
export function clusterCaption(topology: Topology): string {
  const parts = [`${topology.nodes} nodes`, fabricPhrase(topology), nicPhrase(topology)];
  for (const side of Object.values(topology.networks ?? {}))
    parts.push(`${side.switch ?? fabricLabel(side.fabric)} (${side.nic ? nicLabel(side.nic) : ''} NICs) below`);
  return parts.join(' · ');
}

/** A region's caption in a layout of several networks: the fabric's label (a side network: "…, the same nodes"). */
export function networkCaption(h: NetworkHeader | undefined, fallback: string, side: boolean): string {
  const label = h ? fabricLabel(h.fabric) : fallback;
  return side ? `${label} (the same nodes)` : label;
}

/** "Elite switch", "store-and-forward Fast Ethernet switch": the switch model of network `h`. */
export function switchCaption(h: NetworkHeader): string {
  return h.switch ? `${h.switch}${/switch$/.test(h.switch) ? '' : ' switch'}` : 'switch';
}

/** A component's tooltip: its name and what it is ("pci3 (32-bit/33 MHz PCI bus)", "elite-L1-0.0 (Elite switch, level 1)"). */
export function componentTitle(topology: Topology, c: TopologyComponent): string {
  const h = headerOf(topology, c);
  const rail = (h.rails ?? 1) > 1 && c.rail !== undefined ? `, rail ${c.rail}` : '';
  let what: string;
  if (c.kind === 'host') what = c.network ? `host CPU, ${fabricLabel(h.fabric)}` : 'host CPU';
  else if (c.kind === 'pci') what = h.bus ? `${busCaption(h.bus)} bus${rail}` : 'I/O bus';
  else if (c.kind === 'nic') what = `${h.nic ? nicLabel(h.nic) : ''} NIC${h.link_MBps !== undefined ? `, ${linkRateCaption(h.link_MBps)} links` : ''}${rail}`;
  else what = `${switchCaption(h)}${fabricEntry(h.fabric)?.fat_tree ? `, level ${c.level}` : ''}${rail}`;
  return `${c.name} (${what})`;
}

/** A component's box label: a host's node, a NIC's short family name, a switch's label or name. */
export function componentShortLabel(topology: Topology, c: TopologyComponent): string {
  if (c.kind === 'host') return `${c.node}`;
  if (c.kind === 'nic') {
    const nic = headerOf(topology, c).nic;
    return nic ? nicShortLabel(nic) : 'NIC';
  }
  if (c.kind === 'switch') return c.label ?? c.name;
  return '';
}

/** One entry of the packet legend: a packet kind (code) and what the network drawing it calls it. */
export interface PacketLegendEntry {
  kind: number;
  label: string;
  /** The fabric's display name ("SCI ringlet"), for a tooltip. */
  fabric: string;
}

/**
 * The packet legend of a run's networks, the primary one first, each packet kind named in its fabric's terms (the
 * catalog's `packets`: "SCI echo", "TCP ACK"); the same kind on two networks gets two entries, one label repeated once.
 */
export function packetLegend(topology: Topology): PacketLegendEntry[] {
  const entries: PacketLegendEntry[] = [];
  for (const h of [topology, ...Object.values(topology.networks ?? {})]) {
    for (const p of fabricEntry(h.fabric)?.packets ?? []) {
      const kind = TraceKind[p.kind as TraceKindName];
      if (kind === undefined || entries.some((e) => e.kind === kind && e.label === p.label)) continue;
      entries.push({ kind, label: p.label, fabric: fabricLabel(h.fabric) });
    }
  }
  return entries;
}

/** Trace-kind name by code. */
const KIND_NAMES = new Map<number, string>(Object.entries(TraceKind).map(([name, code]) => [code, name]));

/**
 * What the network a packet crosses calls its kind (trace-kind code): the catalog's label on the side network
 * `network` (a component's `network` tag) or, without one, on the main fabric ("SCI echo", "TCP ACK"); null when
 * that fabric sends no packet of the kind (the caller falls back to the generic name).
 */
export function networkPacketLabel(topology: Topology, kind: number, network?: string): string | null {
  const header = network ? topology.networks?.[network] : topology;
  const name = KIND_NAMES.get(kind);
  return header && name ? packetLabel(header.fabric, name) : null;
}

