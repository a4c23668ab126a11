/**
 * Scenario editor: edits the current scenario (cluster, workload, every model parameter of the core's registry)
 * and runs it. Invalid values are refused in place with the rule they break (registry + shared ajv schema).
 * Run replaces the running simulation (its worker is terminated), keeps the view, and rewrites the share link;
 * only parameters that differ from the defaults of the cluster's testbed are written into `parameters`.
 * The topology field swaps the scenario the form builds on for that fabric's ping-pong template.
 * The form state is small (texts of ~40 fields); it resets when another scenario is loaded (keyed by revision).
 */
import { useMemo, useState } from 'react';
import { useScenario } from '../hooks/useScenario';
import { useParameterRegistry } from '../hooks/useParameterRegistry';
import { useScenarioStore } from '../state/scenarioStore';
import { changedParameters, groupsReadBy, parameterErrors, parameterFieldTexts } from '../scenario/parameterGroups';
import { baseOfDraft, buildScenario, draftFromScenario, fabricOfDraft, fieldOfPath, seriesCatalogFor, switchKind, type DraftCheck, type WorkloadDraft } from '../scenario/workloadDraft';
import { useCoreCheck } from '../hooks/useCoreCheck';
import { currentView } from '../share/currentView';
import { writeShareLink } from '../share/writeShareLink';
import { WorkloadFields } from './WorkloadFields';
import { isFatTree } from '../scenario/fabrics';
import { fabricTemplate } from '../scenario/fabricTemplates';
import { TopologyField } from './TopologyField';
import { registryFor } from '../scenario/testbedRegistry';
import { ParameterForm } from './ParameterForm';
import { NodeGroupsFields } from './NodeGroupsFields';

/** The draft check with the core's refusal (`workload.benchmarks/0: ...`) put at the field its path names. */
function withCoreError(check: DraftCheck, coreError: string | null, draft: WorkloadDraft): DraftCheck {
  if (!coreError || !check.scenario) return check;
  const [path, ...rest] = coreError.split(': ');
  const field = fieldOfPath(path, draft);
  if (!field) return { scenario: null, errors: check.errors, other: `The simulator refuses this scenario: ${coreError}` };
  return { scenario: null, errors: { ...check.errors, [field]: rest.join(': ') }, other: check.other };
}

function EditorForm() {
  const loaded = useScenario();
  // The scenario the draft is built on: the loaded one, or the template of the topology chosen in the form.
  const [scenario, setBase] = useState(loaded);
  const [draft, setDraft] = useState<WorkloadDraft>(() => draftFromScenario(scenario));
  // Defaults as the core applies them to this cluster: the registry's, replaced by its testbed's.
  const fullRegistry = useParameterRegistry();
  const draftBase = baseOfDraft(scenario, draft);
  const registry = useMemo(() => registryFor(fullRegistry, draftBase), [fullRegistry, draftBase]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const catalog = useMemo(() => seriesCatalogFor(draft.kind, scenario), [draft.kind, scenario]);
  const texts = useMemo(
    () => ({ ...parameterFieldTexts(registry, scenario.parameters), ...edits }),
    [registry, scenario, edits],
  );
  const paramErrors = useMemo(() => parameterErrors(registry, texts), [registry, texts]);
  const built = useMemo(
    () => buildScenario(scenario, draft, catalog, registry.length > 0 ? changedParameters(registry, texts) : scenario.parameters),
    [scenario, draft, catalog, registry, texts],
  );
  const check = withCoreError(built, useCoreCheck(built.scenario), draft);
  const read = useMemo(() => groupsReadBy(built.scenario ?? scenario), [built.scenario, scenario]);
  const fatTree = isFatTree(fabricOfDraft(scenario, draft));
  const refused = Object.keys(paramErrors).length + Object.keys(check.errors).length + (check.other ? 1 : 0);

  const run = () => {
    if (!check.scenario || refused > 0) return;
    useScenarioStore.getState().load(check.scenario, 'editor', currentView());
    writeShareLink();
  };
  const resetParameters = () => {
    setEdits(Object.fromEntries(registry.map((p) => [p.name, String(p.default ?? '')])));
  };

  return (
    <>
      <div className="editor-actions">
        <button type="button" className="primary" data-testid="run-scenario" onClick={run} disabled={refused > 0}
          aria-label="Run the edited scenario">
          ▶ Run
        </button>
        <button type="button" data-testid="reset-parameters" onClick={resetParameters} disabled={registry.length === 0}>
          Parameters to defaults
        </button>
        <span className={refused > 0 ? 'field-error' : 'muted'} data-testid="editor-status" aria-live="polite">
          {refused > 0
            ? `${refused} value${refused > 1 ? 's' : ''} refused; fix ${refused > 1 ? 'them' : 'it'} to run`
            : `${Object.keys(check.scenario?.parameters ?? {}).length} parameter(s) differ from the defaults`}
        </span>
        {check.other && <span className="field-error" role="alert">{check.other}</span>}
      </div>
      <TopologyField
        fabric={fabricOfDraft(scenario, draft)}
        onFabric={(fabric) => {
          const template = fabricTemplate(fabric);
          setBase(template);
          setDraft(draftFromScenario(template));
        }}
      />
      <WorkloadFields
        draft={draft}
        catalog={catalog}
        errors={check.errors}
        onChange={(p) => setDraft((d) => ({ ...d, ...p }))}
        onKind={(kind) => setDraft((d) => switchKind(d, kind, scenario))}
        fatTree={fatTree}
      />
      {fatTree && draft.kind === 'pingpong' && (
        <NodeGroupsFields
          groups={draft.groups}
          series={catalog.filter((s) => draft.series.includes(s.id))}
          errors={check.errors}
          onChange={(groups) => setDraft((d) => ({ ...d, groups }))}
        />
      )}
      <ParameterForm
        registry={registry}
        texts={texts}
        errors={paramErrors}
        read={read}
        onChange={(name, text) => setEdits((e) => ({ ...e, [name]: text }))}
      />
    </>
  );
}

export function ScenarioEditor() {
  const revision = useScenarioStore((s) => s.revision);
  return (
    <section className="panel editor-panel" data-testid="scenario-editor" aria-label="Scenario editor">
      <div className="panel-title">
        <h2>Scenario editor</h2>
        <span className="muted">hover a parameter for its description and source; MB/s = 10^6 B/s</span>
      </div>
      <EditorForm key={revision} />
    </section>
  );
}
