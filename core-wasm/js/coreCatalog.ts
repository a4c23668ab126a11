/**
 * The shape of the core's catalog (hs_catalog_json, `hpcsim-native --catalog`; core-wasm/src/catalog/catalog_json.cc):
 * the fabrics, protocols, workload kinds, testbeds and trace kinds the core enrols, and the page's id unions and
 * lookups built from it (the page names no fabric, protocol or workload kind the catalog does not list).
 */
import type { TraceKindInfo } from './bridgeTypes';
import { CORE_CATALOG } from './coreCatalog.generated';

export interface CatalogFabric {
  /** cluster.fabric, e.g. "qsnet2". */
  readonly id: string;
  /** e.g. "QsNetII". */
  readonly label: string;
  /** cluster.nic its nodes carry, e.g. "elan4", and its display name ("Elan4"). */
  readonly nic: string;
  readonly nic_label: string;
  /** cluster.testbed when the scenario names none. */
  readonly default_testbed: string;
  readonly source: string;
  readonly max_nodes: number;
  /** NIC families the same nodes also carry (seed 003's Fast Ethernet beside the SCI ringlet). */
  readonly side_nics: readonly string[];
  /** A k-ary n-tree: cluster.arity, cluster.levels and node groups apply. */
  readonly fat_tree: boolean;
  readonly max_rails: number;
  /** The packet kinds its links carry (trace kind names) and what the fabric calls each ("SCI echo"). */
  readonly packets: readonly { readonly kind: string; readonly label: string }[];
  /** Parameter groups (registry-name prefixes, e.g. "pci") its hardware models read. */
  readonly parameters: readonly string[];
}

export interface CatalogProtocol {
  /** workload.series[].protocol, e.g. "ompi". */
  readonly id: string;
  readonly label: string;
  /** The NIC family it runs on (a fabric's nic or side NIC). */
  readonly nic: string;
  readonly source: string;
  /** workload.series[].operation values it accepts. */
  readonly operations: readonly { readonly id: string; readonly label: string }[];
  /** Offers a ping-pong endpoint / an MPI layer (rank-program workloads) / series fields of its own. */
  readonly pingpong: boolean;
  readonly mpi: boolean;
  readonly options: boolean;
  /** Parameter groups (registry-name prefixes, e.g. "ompi") its models read. */
  readonly parameters: readonly string[];
}

export interface CatalogWorkload {
  /** workload.kind. */
  readonly id: string;
  readonly label: string;
  readonly source: string;
  /** Fabrics it runs on (empty: any). */
  readonly fabrics: readonly string[];
  /** Every series needs an MPI layer. */
  readonly mpi: boolean;
  /** Reads cluster.groups. */
  readonly node_groups: boolean;
  /** Its runs may be independent parts (core-wasm/app/run/session.h), which the page runs in parallel workers. */
  readonly parts: boolean;
  /**
   * The tables panel's heading for its results ("" = the page's generic one) and what the panel says while the run
   * computes ("" = no panel until the tables come).
   */
  readonly tables_title: string;
  readonly tables_pending: string;
  /** Parameter groups (registry-name prefixes, e.g. "npb") its models read. */
  readonly parameters: readonly string[];
}

export interface CoreCatalog {
  readonly fabrics: readonly CatalogFabric[];
  readonly protocols: readonly CatalogProtocol[];
  readonly workloads: readonly CatalogWorkload[];
  readonly testbeds: readonly { readonly id: string; readonly description: string }[];
  readonly trace_kinds: readonly TraceKindInfo[];
}

/**
 * The catalog of the core this page was built with (core-wasm/js/coreCatalog.generated.ts, written by `npm run gen:catalog`;
 * core-wasm/test/node/boundary_contract.test.ts fails when it differs from the core's hs_catalog_json).
 */
export const coreCatalog: CoreCatalog = CORE_CATALOG satisfies CoreCatalog;

type Generated = typeof CORE_CATALOG;
/** cluster.fabric ids the core enrols. */
export type FabricId = Generated['fabrics'][number]['id'];
/** cluster.nic families: each fabric's NIC (side NICs are some fabric's NIC too). */
export type NicId = Generated['fabrics'][number]['nic'];
/** workload.series[].protocol ids. */
export type ProtocolId = Generated['protocols'][number]['id'];
/** workload.series[].operation ids (of any protocol). */
export type OperationId = Generated['protocols'][number]['operations'][number]['id'];
/** workload.kind ids. */
export type WorkloadKind = Generated['workloads'][number]['id'];
/** cluster.testbed ids. */
export type TestbedId = Generated['testbeds'][number]['id'];

export const FABRIC_IDS = coreCatalog.fabrics.map((f) => f.id) as FabricId[];
export const PROTOCOL_IDS = coreCatalog.protocols.map((p) => p.id) as ProtocolId[];
export const WORKLOAD_KINDS = coreCatalog.workloads.map((w) => w.id) as WorkloadKind[];

export function fabricEntry(fabric: string): CatalogFabric | undefined {
  return coreCatalog.fabrics.find((f) => f.id === fabric);
}

export function protocolEntry(protocol: string): CatalogProtocol | undefined {
  return coreCatalog.protocols.find((p) => p.id === protocol);
}

export function workloadEntry(kind: string): CatalogWorkload | undefined {
  return coreCatalog.workloads.find((w) => w.id === kind);
}

/** Display name of NIC family `nic` ("elan4" → "Elan4"), from the fabric whose nodes carry it; else the id. */
export function nicLabel(nic: string): string {
  return coreCatalog.fabrics.find((f) => f.nic === nic)?.nic_label ?? nic;
}

/** What `fabric` calls packets of trace kind `kind` ("sci-ringlet", "ack_packet" → "SCI echo"); null when it sends none. */
export function packetLabel(fabric: string, kind: string): string | null {
  return fabricEntry(fabric)?.packets.find((p) => p.kind === kind)?.label ?? null;
}

/** Display name of fabric `fabric` ("qsnet2" → "QsNetII"); else the id. */
export function fabricLabel(fabric: string): string {
  return fabricEntry(fabric)?.label ?? fabric;
}

/** NIC families the nodes of `fabric` carry: its own, then its side NICs. */
export function nicsOf(fabric: string): string[] {
  const f = fabricEntry(fabric);
  return f ? [f.nic, ...f.side_nics] : [];
}

/** Protocols that run on `fabric`'s nodes (their NIC is one the nodes carry), in catalog order. */
export function protocolsOn(fabric: string): CatalogProtocol[] {
  const nics = nicsOf(fabric);
  return coreCatalog.protocols.filter((p) => nics.includes(p.nic));
}
