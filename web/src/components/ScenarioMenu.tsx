/**
 * The header's menu of the shipped scenarios (scenario/bundledScenarios.ts), grouped by the system (seed paper)
 * each models. Choosing one opens it as its short link `#scenario=<id>` does, so the address names it; the menu
 * itself always reads "Open a shipped scenario" (the header's title says what is open).
 */
import { BUNDLED_SCENARIOS, SHIPPED_SYSTEMS } from '../scenario/bundledScenarios';
import { openShippedScenario } from '../hooks/useInitialScenario';

export function ScenarioMenu() {
  return (
    <select
      className="scenario-menu"
      data-testid="scenario-menu"
      aria-label="Open a shipped scenario"
      value=""
      onChange={(e) => {
        if (e.target.value) openShippedScenario(e.target.value);
      }}
    >
      <option value="">Open a shipped scenario…</option>
      {SHIPPED_SYSTEMS.map((system) => (
        <optgroup key={system.id} label={system.label}>
          {BUNDLED_SCENARIOS.filter((s) => s.system === system.id).map((s) => (
            <option key={s.id} value={s.id} title={s.id}>
              {s.title}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
