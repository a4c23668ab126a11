/**
 * The shape of the core's catalog (hs_catalog_json, `hpcsim-native --catalog`; core-wasm/src/catalog/catalog_json.cc):
 * the fabrics, protocols, workload kinds, testbeds and trace kinds the core enrols.
 */
import type { TraceKindInfo } from './bridgeTypes';

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
}

export interface CoreCatalog {
  readonly fabrics: readonly CatalogFabric[];
  readonly protocols: readonly CatalogProtocol[];
  readonly workloads: readonly CatalogWorkload[];
  readonly testbeds: readonly { readonly id: string; readonly description: string }[];
  readonly trace_kinds: readonly TraceKindInfo[];
}
