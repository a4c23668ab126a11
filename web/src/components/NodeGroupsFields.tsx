/**
 * The editor's "Node groups" section (fat-tree ping-pong sweeps): each group's nodes ("first-last") run the protocol
 * stack of one chosen series, all groups at once on the one fabric; a group may name its ping-pong pair. Add and
 * remove groups; each row shows the rule it breaks (groupDraft.ts, and the core's refusal naming cluster.groups/<i>).
 * No group: every series runs on every node, one after another (the default).
 */
import type { SeriesSpec } from '../../../core-wasm/js/scenarioTypes';
import type { GroupDraft } from '../scenario/groupDraft';
import type { WorkloadField } from '../scenario/workloadDraft';
import { SERIES_COLORS } from '../theme/palette';

interface Props {
  groups: GroupDraft[];
  /** The series that run (the draft's chosen ones), in scenario order: a group names one of them. */
  series: SeriesSpec[];
  errors: Partial<Record<WorkloadField, string>>;
  onChange(groups: GroupDraft[]): void;
}

export function NodeGroupsFields({ groups, series, errors, onChange }: Props) {
  const set = (i: number, patch: Partial<GroupDraft>) => onChange(groups.map((g, k) => (k === i ? { ...g, ...patch } : g)));
  const colorOf = (id: string) => SERIES_COLORS[Math.max(0, series.findIndex((s) => s.id === id)) % SERIES_COLORS.length];
  return (
    <fieldset className="workload-fields node-groups" data-testid="node-groups">
      <legend>node groups</legend>
      <p className="muted node-groups-note">
        {groups.length === 0
          ? 'None: every series runs on every node, one after another. Add groups to run stacks side by side on one fabric.'
          : 'All groups run at once; a ping-pong pair must run one series. Each series is measured on the workload\u2019s pair when that pair runs it, else on its first pair.'}
      </p>
      {groups.map((g, i) => (
        <div key={i} className="node-group" data-testid={`group-${i}`} style={{ borderLeftColor: colorOf(g.series) }}>
          <label className="workload-field">
            <span>nodes</span>
            <input type="text" data-testid={`group-nodes-${i}`} value={g.nodes} title="first-last, inclusive, e.g. 0-15"
              aria-invalid={errors[`group-${i}`] !== undefined} onChange={(e) => set(i, { nodes: e.target.value })} />
          </label>
          <label className="workload-field">
            <span>series</span>
            <select data-testid={`group-series-${i}`} value={g.series} onChange={(e) => set(i, { series: e.target.value })}>
              {!series.some((s) => s.id === g.series) && <option value={g.series}>{g.series || '–'}</option>}
              {series.map((s) => (
                <option key={s.id} value={s.id}>{s.label ?? s.id}</option>
              ))}
            </select>
          </label>
          <label className="workload-field">
            <span>pair</span>
            <input type="text" data-testid={`group-pair-${i}`} value={g.pair} placeholder="auto"
              title="initiator-target of this group's ping-pong (single pairing); empty: the workload's pair if both ends are here, else first-last"
              onChange={(e) => set(i, { pair: e.target.value })} />
          </label>
          <button type="button" data-testid={`group-remove-${i}`} aria-label={`Remove group ${i}`}
            onClick={() => onChange(groups.filter((_, k) => k !== i))}>
            ✕
          </button>
          {errors[`group-${i}`] && (
            <span className="field-error" role="alert" data-testid={`error-group-${i}`}>{errors[`group-${i}`]}</span>
          )}
        </div>
      ))}
      <button type="button" data-testid="group-add" disabled={groups.length >= 16 || series.length === 0}
        onClick={() => onChange([...groups, { nodes: '', series: series[groups.length % series.length]?.id ?? '', pair: '' }])}>
        + group
      </button>
      {errors.groups && <span className="field-error" role="alert" data-testid="error-groups">{errors.groups}</span>}
    </fieldset>
  );
}
