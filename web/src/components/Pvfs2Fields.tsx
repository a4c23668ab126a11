/** Fields whose value is one of a list: a menu instead of a text box. */
const CHOICES: Partial<Record<Pvfs2Field, readonly string[]>> = {
  class: NPB_CLASSES,
  pvfs2_version: PVFS2_VERSIONS,
};

/**
 * The scenario editor's fields of a PVFS2 workload (scenario/pvfs2Draft.ts): the PVFS2 release; list I/O's regions
 * per call, calls and region sizes; MPI-Tile-IO's tile grid and sizes; BT-IO's class, dump interval and ROMIO's cb_buffer_size and cb_nodes. Each shows the rule its value
 * breaks, from the schema or the core (`workload.tiles_x: 2 x 3 tiles need 6 clients ...`).
 */
import { NPB_CLASSES, PVFS2_VERSIONS, type Pvfs2Workload } from '../../../core-wasm/js/scenarioTypes';
import { PVFS2_FIELDS, type Pvfs2Field } from '../scenario/pvfs2Draft';
import type { WorkloadField } from '../scenario/workloadDraft';

interface Props {
  kind: Pvfs2Workload['kind'];
  texts: Record<Pvfs2Field, string>;
  errors: Partial<Record<WorkloadField, string>>;
  onChange(texts: Record<Pvfs2Field, string>): void;
}

export function Pvfs2Fields({ kind, texts, errors, onChange }: Props) {
  return (
    <>
      {PVFS2_FIELDS[kind].map(({ field, label, note }) => {
        const error = errors[`pvfs2-${field}`];
        const set = (value: string) => onChange({ ...texts, [field]: value });
        return (
          <label key={field} className={`workload-field${field === 'region_bytes' ? ' workload-sizes' : ''}`} title={note}>
            <span>{label}</span>
            {CHOICES[field] ? (
              <select data-testid={`edit-pvfs2-${field}`} value={texts[field]} aria-invalid={error !== undefined} onChange={(e) => set(e.target.value)}>
                {CHOICES[field].map((c) => (
                  <option key={c} value={c}>{c}</option>
                ))}
              </select>
            ) : (
              <input
                type="text"
                data-testid={`edit-pvfs2-${field}`}
                value={texts[field]}
                aria-invalid={error !== undefined}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {error && (
              <span className="field-error" role="alert" data-testid={`error-pvfs2-${field}`}>
                {error}
              </span>
            )}
          </label>
        );
      })}
    </>
  );
}
