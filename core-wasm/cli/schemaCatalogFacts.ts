/**
 * The facts scenarios/scenario.schema.json takes from the core's catalog (hs_catalog_json, `hpcsim-native
 * --catalog`): the enums of cluster.fabric, cluster.nic, workload.kind, workload.series[].protocol and
 * workload.series[].operation, and the maximums of cluster.rails and cluster.nodes. `npm run gen:catalog` writes
 * them into the schema, so enrolling a model edits no schema by hand; core-wasm/test/node/boundary_contract.test.ts
 * fails while the schema and the catalog differ.
 */

/** The catalog fields read here (a subset of hs_catalog_json's object). */
export interface CatalogFacts {
  fabrics: readonly { id: string; nic: string; side_nics: readonly string[]; max_rails: number; max_nodes: number }[];
  protocols: readonly { id: string; operations: readonly { id: string }[] }[];
  workloads: readonly { id: string }[];
}

/** Parsed JSON Schema: walked by the fixed paths above. */
type Json = Record<string, any>;

/** `schema` (parsed JSON, not modified) with its catalog facts replaced by `catalog`'s, in catalog order. */
export function schemaWithCatalogFacts(schema: Json, catalog: CatalogFacts): Json {
  const s = structuredClone(schema);
  const cluster = s.properties.cluster.properties;
  const workload = s.properties.workload.properties;
  const series = workload.series.items.properties;
  const unique = (xs: string[]) => [...new Set(xs)];
  cluster.fabric.enum = catalog.fabrics.map((f) => f.id);
  cluster.nic.enum = unique(catalog.fabrics.flatMap((f) => [f.nic, ...f.side_nics]));
  cluster.rails.maximum = Math.max(...catalog.fabrics.map((f) => f.max_rails));
  cluster.nodes.maximum = Math.max(...catalog.fabrics.map((f) => f.max_nodes));
  workload.kind.enum = catalog.workloads.map((w) => w.id);
  series.protocol.enum = catalog.protocols.map((p) => p.id);
  series.operation.enum = unique(catalog.protocols.flatMap((p) => p.operations.map((o) => o.id)));
  return s;
}

/** The schema file's text for `schema` (two-space JSON, a final newline). */
export function schemaText(schema: Json): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
