/**
 * The cluster and workload part of the scenario editor: the workload kind (ping-pong sweep, all-to-all or NAS
 * Parallel Benchmarks), the node count, then for a ping-pong initiator/target, sizes, iterations; for NAS runs the
 * MPI processes and each benchmark with its problem class; for an all-to-all the bytes per pair and the calls (for an
 * exchange the bytes each way and the MPI_Sendrecv calls); and
 * the series (for NAS and all-to-all the MPI transports of the cluster's fabric) that run. An MPI-2 dynamic job is
 * summarised read-only (its file is edited instead), with its node count and series; a PVFS2 workload (list I/O,
 * MPI-Tile-IO, BT-IO: seed 000) is summarised with its kind's fields (Pvfs2Fields) and BT-IO's ROMIO hint
 * romio_cb_write. Each field shows the
 * rule its value breaks (workloadDraft.ts, and the core's own check).
 */
import { NPB_BENCHMARKS, NPB_CLASSES, type NpbClass, type SeriesSpec } from '../../../core-wasm/js/scenarioTypes';
import type { Pvfs2Workload } from '../../../core-wasm/js/scenarioTypes';
import type { RomioCbWrite, WorkloadDraft, WorkloadField } from '../scenario/workloadDraft';
import type { WorkloadKind } from '../scenario/workloadTemplates';
import { maxLevels, minLevels } from '../scenario/fatTreeLevels';
import { Pvfs2Fields } from './Pvfs2Fields';

interface Props {
  draft: WorkloadDraft;
  catalog: SeriesSpec[];
  errors: Partial<Record<WorkloadField, string>>;
  onChange(patch: Partial<WorkloadDraft>): void;
  onKind(kind: WorkloadKind): void;
  /** Whether the draft's cluster is a fat tree (qsnet, qsnet2): only then are the arity and levels offered. */
  fatTree: boolean;
}

function FieldError({ field, errors }: { field: WorkloadField; errors: Props['errors'] }) {
  const text = errors[field];
  return text ? (
    <span className="field-error" role="alert" data-testid={`error-${field}`}>
      {text}
    </span>
  ) : null;
}

/** The levels the draft's arity and node count allow, or null while either is not a valid number. */
function levelsRange(draft: WorkloadDraft): { min: number; max: number } | null {
  const arity = Number(draft.arity);
  const nodes = Number(draft.nodes);
  if (!Number.isInteger(arity) || arity < 2 || arity > 8 || !Number.isInteger(nodes) || nodes < 2 || nodes > 4096) return null;
  return { min: minLevels(arity, nodes), max: maxLevels(arity) };
}

/** NPB 2.3 problem sizes of the classes (REFERENCES §1.7.1), for the class menu's tooltip. */
const CLASS_HINT = 'S: sample, W: workstation, A and B: the standard sizes (NPB 2.3)';

/** One line about a PVFS2 draft's workload: who runs it (the file's clients and servers) and what they do; the sizes are
 * the fields below it (Pvfs2Fields). */
function pvfs2Summary(w: Pvfs2Workload): string {
  const clients = w.clients ?? 4, servers = w.servers ?? 4;
  const who = `${clients} clients (nodes 0-${clients - 1}) and ${servers} PVFS2 servers (nodes ${clients}-${clients + servers - 1})`;
  if (w.kind === 'pvfs2-listio') return `${who}: each client reads and writes noncontiguous regions, one run per region size.`;
  if (w.kind === 'mpi-tile-io') return `${who}: each process writes, then reads, one tile of a tiled dataset.`;
  return `${who}: NAS BT on the clients, writing its solution with MPI_File_write_at_all.`;
}

/** ROMIO's romio_cb_write values, with what each does to BT-IO's collective write. */
const ROMIO_CB_WRITE: [RomioCbWrite, string][] = [
  ['automatic', 'automatic (ROMIO default: two-phase, as the cells interleave)'],
  ['enable', 'enable (two-phase collective write)'],
  ['disable', 'disable (each process\'s own list I/O)'],
];

/** One line about a dynamic draft's workload (its fields are not editable in the form). */
function dynamicSummary(draft: WorkloadDraft): string {
  return draft.dynamic
    ? `${draft.dynamic.processes} MPI processes on nodes 0-${draft.dynamic.processes - 1}; a new process joins on node ${draft.dynamic.join_node}` +
        (draft.dynamic.join_at_us !== undefined ? ` at ${draft.dynamic.join_at_us} µs` : '') + ', communicates with the root and leaves.'
    : '';
}

export function WorkloadFields({ draft, catalog, errors, onChange, onKind, fatTree }: Props) {
  const text = (field: 'nodes' | 'arity' | 'levels' | 'initiator' | 'target' | 'warmup' | 'iterations' | 'processes' | 'bytes', label: string, hint: string, note?: { text: string; placeholder: string }) => (
    <label className="workload-field">
      <span>{label}</span>
      <input
        type="text"
        inputMode="numeric"
        data-testid={`edit-${field}`}
        value={draft[field]}
        title={hint}
        placeholder={note?.placeholder}
        aria-invalid={errors[field] !== undefined}
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
      {note && <span className="muted" data-testid={`range-${field}`}>{note.text}</span>}
      <FieldError field={field} errors={errors} />
    </label>
  );
  const levels = levelsRange(draft);
  const nas = draft.kind === 'npb';
  const alltoall = draft.kind === 'alltoall';
  const exchange = draft.kind === 'exchange';
  const dynamic = draft.kind === 'dynamic';
  const pvfs2 = draft.kind === 'pvfs2-listio' || draft.kind === 'mpi-tile-io' || draft.kind === 'btio';
  const setClass = (b: (typeof NPB_BENCHMARKS)[number], c: NpbClass | undefined) => {
    const next = { ...draft.benchmarks };
    if (c === undefined) delete next[b];
    else next[b] = c;
    onChange({ benchmarks: next });
  };
  return (
    <fieldset className="workload-fields">
      <legend>cluster and workload</legend>
      <label className="workload-field">
        <span>workload</span>
        <select data-testid="edit-kind" value={draft.kind} onChange={(e) => onKind(e.target.value as WorkloadKind)}
          title="ping-pong: one-way latency and bandwidth against message size; all-to-all: MPI_Alltoall on every node (time per call, aggregate bandwidth); exchange: every node i MPI_Sendrecv's with node i + N/2, both ways at once (time per call, MB/s each way); NAS: NPB 2.3 kernels on 1 process and on every node over MPI (SCI cluster, seed 003); dynamic: an MPI-2 process joins a running Open MPI job over Elan4 and leaves (seed 001)">
          <option value="pingpong">ping-pong sweep</option>
          <option value="alltoall">all-to-all (MPI_Alltoall)</option>
          <option value="exchange">exchange (MPI_Sendrecv across the bisection)</option>
          <option value="npb">NAS Parallel Benchmarks (MPI)</option>
          <option value="dynamic">MPI-2 dynamic process (join and leave)</option>
          <option value="pvfs2-listio">PVFS2 concurrent list I/O</option>
          <option value="mpi-tile-io">MPI-Tile-IO over PVFS2</option>
          <option value="btio">NAS BT-IO over PVFS2</option>
        </select>
        <FieldError field="kind" errors={errors} />
      </label>
      {text('nodes', 'nodes', nas ? 'hosts on the SCI ringlet' : alltoall || exchange ? 'hosts, one MPI rank each (rank r on node r)' : 'hosts on the fabric (2 to 1024 on QsNet, 4096 on QsNetII)')}
      {fatTree && text('arity', 'fat-tree arity', 'switch radix each way: 4 is the Elite / Elite4 switch (4 links down, 4 up); 2 to 8 build what-if k-ary fat trees')}
      {fatTree && text('levels', 'fat-tree levels',
        'switch stages; empty: the fewest that hold the nodes. More build a partially populated tree: the hosts fill the first leaf switches and routes turn at the nearest common ancestor, so the spare top stages are drawn but idle. At most 4096 host ports (arity^levels).',
        levels ? { text: `allowed ${levels.min} to ${levels.max}`, placeholder: `${levels.min} (fewest)` } : undefined)}
      {pvfs2 ? (
        <>
          <p className="workload-field muted" data-testid="edit-pvfs2-note">
            {draft.pvfs2 ? pvfs2Summary(draft.pvfs2) : ''} The clients and servers are the scenario file's (workload
            "{draft.kind}", scenarios/scenario.schema.json).
          </p>
          <Pvfs2Fields kind={draft.kind as Pvfs2Workload['kind']} texts={draft.pvfs2Texts} errors={errors} onChange={(pvfs2Texts) => onChange({ pvfs2Texts })} />
          {draft.kind === 'btio' && (
            <label className="workload-field">
              <span>ROMIO collective write</span>
              <select
                data-testid="edit-romio"
                value={draft.romioCbWrite}
                title="romio_cb_write: how ROMIO runs MPI_File_write_at_all. Two-phase: an exchange over BT's MPI, then one contiguous PVFS2 write per aggregator and 4 MiB window. Disable: each process writes its own noncontiguous regions by PVFS2 list I/O (calls of 64 regions)."
                onChange={(e) => onChange({ romioCbWrite: e.target.value as RomioCbWrite })}
              >
                {ROMIO_CB_WRITE.map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
              <FieldError field="romio" errors={errors} />
            </label>
          )}
        </>
      ) : dynamic ? (
        <p className="workload-field muted" data-testid="edit-dynamic-note">
          {dynamicSummary(draft)} The dynamic workload is shown read-only here: edit the scenario file (workload "dynamic",
          scenarios/scenario.schema.json) to change it.
        </p>
      ) : alltoall ? (
        <>
          {text('bytes', 'bytes per pair', 'bytes each rank sends to each other rank per MPI_Alltoall call, 0 to 16 MiB')}
          {text('iterations', 'iterations (calls)', 'MPI_Alltoall calls, 1 to 100')}
        </>
      ) : exchange ? (
        <>
          {text('bytes', 'bytes each way', 'bytes each rank sends to (and receives from) rank r + N/2 per MPI_Sendrecv, 0 to 16 MiB')}
          {text('iterations', 'iterations (calls)', 'MPI_Sendrecv calls, 1 to 100')}
        </>
      ) : nas ? (
        <>
          {text('processes', 'MPI processes', 'one MPI process per node, 2 to the node count')}
          <div className="workload-field workload-benchmarks" role="group" aria-label="NAS benchmarks and classes">
            <span>benchmarks (class)</span>
            {NPB_BENCHMARKS.map((b) => (
              <span key={b} className="benchmark-choice">
                <label>
                  <input
                    type="checkbox"
                    data-testid={`edit-benchmark-${b}`}
                    checked={draft.benchmarks[b] !== undefined}
                    onChange={(e) => setClass(b, e.target.checked ? 'S' : undefined)}
                  />
                  {b}
                </label>
                <select
                  data-testid={`edit-class-${b}`}
                  aria-label={`${b} class`}
                  title={CLASS_HINT}
                  value={draft.benchmarks[b] ?? ''}
                  disabled={draft.benchmarks[b] === undefined}
                  aria-invalid={errors[`benchmark-${b}`] !== undefined}
                  onChange={(e) => setClass(b, e.target.value as NpbClass)}
                >
                  {draft.benchmarks[b] === undefined && <option value="">–</option>}
                  {NPB_CLASSES.map((c) => (
                    <option key={c} value={c}>{c}</option>
                  ))}
                </select>
                <FieldError field={`benchmark-${b}`} errors={errors} />
              </span>
            ))}
            <FieldError field="benchmarks" errors={errors} />
          </div>
        </>
      ) : (
        <>
          {text('initiator', 'initiator', 'node that sends the ping')}
          {text('target', 'target', 'node that answers with the pong')}
          {text('warmup', 'warm-up iterations', 'discarded iterations, 0 to 100')}
          {text('iterations', 'iterations', 'measured iterations, 1 to 1000')}
          <label className="workload-field workload-sizes">
            <span>sizes (bytes)</span>
            <input
              type="text"
              data-testid="edit-sizes"
              value={draft.sizes}
              aria-invalid={errors.sizes !== undefined}
              onChange={(e) => onChange({ sizes: e.target.value })}
            />
            <FieldError field="sizes" errors={errors} />
          </label>
        </>
      )}
      <div className="workload-field workload-series" role="group" aria-label={nas || alltoall || exchange || dynamic ? 'MPI transports that run' : 'Series that run'}>
        <span>{nas || alltoall || exchange || dynamic ? 'MPI transports' : 'series'}</span>
        {catalog.map((s) => (
          <label key={s.id} className="series-choice">
            <input
              type="checkbox"
              data-testid={`edit-series-${s.id}`}
              checked={draft.series.includes(s.id)}
              onChange={(e) =>
                onChange({ series: e.target.checked ? [...draft.series, s.id] : draft.series.filter((x) => x !== s.id) })
              }
            />
            {s.label ?? s.id}
          </label>
        ))}
        <FieldError field="series" errors={errors} />
      </div>
    </fieldset>
  );
}
