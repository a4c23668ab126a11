/**
 * The editor's fields of a PVFS2 workload (seed 000), by kind: the PVFS2 release whose defaults apply (every kind);
 * list I/O's regions per call, calls and swept region sizes; MPI-Tile-IO's tile grid, tile size and element size;
 * BT-IO's NAS class, dump interval and ROMIO's cb_buffer_size and cb_nodes (its romio_cb_write is the draft's own
 * romioCbWrite, workloadDraft.ts). Each is a form
 * text; a field is written into the built workload only when the file named it or its value differs from the core's
 * default (protocols/pvfs2/*_workload.cc), so an unedited scenario builds the same text. The clients and servers stay
 * the file's (their rule is shown at the node count). Pure.
 */
import type { NpbClass, Pvfs2Workload } from '../../../core-wasm/js/scenarioTypes';
import { parseNumberField } from './parameterRules';

/** A PVFS2 workload field the editor offers. */
export type Pvfs2Field =
  | 'regions' | 'calls' | 'region_bytes'
  | 'tiles_x' | 'tiles_y' | 'tile_width' | 'tile_height' | 'element_bytes'
  | 'class' | 'wr_interval' | 'cb_buffer_size' | 'cb_nodes'
  | 'pvfs2_version';

export interface Pvfs2FieldSpec {
  field: Pvfs2Field;
  label: string;
  /** What it is and its range, as the schema and the core allow it. */
  note: string;
}

/** Every kind's first field: the release whose defaults apply. */
const VERSION_FIELD: Pvfs2FieldSpec = {
  field: 'pvfs2_version',
  label: 'PVFS2 release',
  note: "whose defaults apply: 1.0.1 (pvfs2-genconfig's TroveSyncData yes, MAX_REGIONS 16, and Trove's slot leak, which stops list I/O after a few calls) or 1.1.0 / 1.2.0 (TroveSyncData no, MAX_REGIONS 64); the scenario's parameters still win",
};

/** The fields of each PVFS2 kind, in the form's order. */
export const PVFS2_FIELDS: Record<Pvfs2Workload['kind'], Pvfs2FieldSpec[]> = {
  'pvfs2-listio': [
    VERSION_FIELD,
    { field: 'regions', label: 'regions per call', note: 'noncontiguous regions per PVFS_sys_io call, 1 to 100' },
    { field: 'calls', label: 'calls', note: 'calls per client in each of the read and the write phase, 1 to 1000' },
    { field: 'region_bytes', label: 'region sizes (bytes)', note: 'the region sizes swept, one run each: 1 to 16 sizes of 1 B to 1 MiB, separated by commas' },
  ],
  'mpi-tile-io': [
    VERSION_FIELD,
    { field: 'tiles_x', label: 'tiles across', note: 'tiles per row of the dataset; tiles across x down is the number of clients (one process per tile)' },
    { field: 'tiles_y', label: 'tiles down', note: 'tiles per column of the dataset' },
    { field: 'tile_width', label: 'tile width (elements)', note: 'elements per tile row, 1 to 65536: a tile row is one contiguous file region' },
    { field: 'tile_height', label: 'tile height (elements)', note: 'rows per tile, 1 to 65536: the noncontiguous regions of one process' },
    { field: 'element_bytes', label: 'element size (bytes)', note: '1 to 1024 (mpi-tile-io.c defaults to 3; 8 is a double)' },
  ],
  btio: [
    { field: 'class', label: 'NAS class', note: 'BT problem size: S, W, A (64^3, the seed\'s) or B (102^3)' },
    { field: 'wr_interval', label: 'steps between dumps', note: 'BT time steps between solution writes, 1 to 200 (NPB: 5)' },
    { field: 'cb_buffer_size', label: 'ROMIO cb_buffer_size (bytes)', note: 'the most each aggregator writes per two-phase iteration, 65536 to 1073741824 (ROMIO 2005: 4194304)' },
    { field: 'cb_nodes', label: 'ROMIO cb_nodes', note: 'aggregators of a two-phase write, 1 to the number of clients (empty: ROMIO 2005\'s default, every process)' },
    VERSION_FIELD,
  ],
};

/** The core's defaults of the fields a file may leave out. */
const DEFAULTS: Record<Pvfs2Field, string> = {
  regions: '64', calls: '4', region_bytes: '512, 2048, 8192, 32768',
  tiles_x: '2', tiles_y: '2', tile_width: '1024', tile_height: '1024', element_bytes: '8',
  class: 'A', wr_interval: '5', cb_buffer_size: '4194304', cb_nodes: '',
  pvfs2_version: '1.1.0',
};

/** The form texts of `w`'s fields (the file's value, else the core's default). */
export function pvfs2Texts(w: Pvfs2Workload): Record<Pvfs2Field, string> {
  const out = { ...DEFAULTS };
  for (const f of Object.keys(DEFAULTS) as Pvfs2Field[]) {
    const v = w[f];
    if (v !== undefined) out[f] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}

/** A number field's text as a number (the editor's one rule, parameterRules.ts), or the text itself so that the
 * schema names it. */
const numberOrText = (text: string): number | string => parseNumberField(text) ?? text;

/**
 * `w` with the edited fields of its kind written in (those the file named, or that differ from the core's default).
 * `region_bytes` is a list of numbers (texts that are not numbers are kept for the schema to name).
 */
export function withPvfs2Fields(w: Pvfs2Workload, texts: Record<Pvfs2Field, string>): Pvfs2Workload {
  const out: Record<string, unknown> = { ...w };
  for (const { field } of PVFS2_FIELDS[w.kind]) {
    const text = texts[field];
    if (w[field] === undefined && text.replace(/\s+/g, '') === DEFAULTS[field].replace(/\s+/g, '')) continue;
    if (field === 'region_bytes') out[field] = text.split(/[\s,]+/).filter((t) => t !== '').map(numberOrText);
    else if (field === 'class') out[field] = text as NpbClass;
    else if (field === 'pvfs2_version') out[field] = text;
    else out[field] = numberOrText(text);
  }
  return out as unknown as Pvfs2Workload;
}

/** The PVFS2 field an error path names (`/workload/region_bytes/2`, `workload.tiles_x`), or null. */
export function pvfs2FieldOfPath(path: string): Pvfs2Field | null {
  const m = /^\/?workload[./](regions|calls|region_bytes|tiles_x|tiles_y|tile_width|tile_height|element_bytes|class|wr_interval|cb_buffer_size|cb_nodes|pvfs2_version)\b/.exec(path);
  return m ? (m[1] as Pvfs2Field) : null;
}
