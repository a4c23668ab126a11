/** The PVFS2 workload kinds (seed 000; protocols/pvfs2): list I/O, MPI-Tile-IO and BT-IO. Pure. */
const PVFS2_KINDS = new Set(['pvfs2-listio', 'mpi-tile-io', 'btio']);

/** Whether `scenario` runs a PVFS2 workload (its page shows the storage view). */
export function isPvfs2Scenario(scenario: { workload: { kind: string } }): boolean {
  return PVFS2_KINDS.has(scenario.workload.kind);
}
