/** The cluster and workload part of the scenario editor: node count, initiator/target, sizes, series, iterations. */
import type { SeriesSpec } from '../scenario/scenarioTypes';
import type { WorkloadDraft, WorkloadField } from '../scenario/workloadDraft';

interface Props {
  draft: WorkloadDraft;
  catalog: SeriesSpec[];
  errors: Partial<Record<WorkloadField, string>>;
  onChange(patch: Partial<WorkloadDraft>): void;
}

function FieldError({ field, errors }: { field: WorkloadField; errors: Props['errors'] }) {
  const text = errors[field];
  return text ? (
    <span className="field-error" role="alert" data-testid={`error-${field}`}>
      {text}
    </span>
  ) : null;
}

export function WorkloadFields({ draft, catalog, errors, onChange }: Props) {
  const text = (field: 'nodes' | 'initiator' | 'target' | 'warmup' | 'iterations', label: string, hint: string) => (
    <label className="workload-field">
      <span>{label}</span>
      <input
        type="text"
        inputMode="numeric"
        data-testid={`edit-${field}`}
        value={draft[field]}
        title={hint}
        aria-invalid={errors[field] !== undefined}
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
      <FieldError field={field} errors={errors} />
    </label>
  );
  return (
    <fieldset className="workload-fields">
      <legend>cluster and workload</legend>
      {text('nodes', 'nodes', '2 to 1024 hosts on a quaternary fat tree of Elite switches')}
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
      <div className="workload-field workload-series" role="group" aria-label="Series that run">
        <span>series</span>
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
