/** Chooses one of the scenario's walkthroughs (its `walkthroughs` field); sits in the panel-toggles row. */
import { useScenario } from '../hooks/useScenario';
import { useActiveWalkthrough } from '../hooks/useActiveWalkthrough';
import { useWalkthroughStore } from '../state/walkthroughStore';

export function WalkthroughPicker() {
  const scenario = useScenario();
  const active = useActiveWalkthrough();
  const walkthroughs = scenario.walkthroughs ?? [];
  if (walkthroughs.length === 0) return null;
  return (
    <label className="walkthrough-picker">
      Walkthrough{' '}
      <select
        data-testid="walkthrough-select"
        aria-label="Choose a walkthrough"
        value={active?.walkthrough.id ?? ''}
        onChange={(e) => useWalkthroughStore.getState().open(e.target.value || null)}
      >
        <option value="">— none —</option>
        {walkthroughs.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title}
          </option>
        ))}
      </select>
    </label>
  );
}
