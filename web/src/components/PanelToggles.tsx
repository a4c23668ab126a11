/** Buttons that open and close the explorer panels (the open set travels in share links). */
import { useOpenPanels } from '../hooks/useOpenPanels';
import { useViewStore } from '../state/viewStore';
import type { PanelId } from '../share/viewState';

const LABELS: Record<PanelId, string> = {
  editor: 'Scenario editor',
  sequence: 'Sequence chart',
  timeline: 'Timeline',
  export: 'Export',
  compare: 'Compare',
  chain: 'Event chain',
  path: 'Critical path',
  study: 'Parameter study',
};

export function PanelToggles() {
  const open = useOpenPanels();
  const toggle = useViewStore((s) => s.togglePanel);
  return (
    <div className="panel-toggles" role="group" aria-label="Panels">
      {(Object.keys(LABELS) as PanelId[]).map((p) => (
        <button
          key={p}
          type="button"
          data-testid={`toggle-${p}`}
          aria-pressed={open.includes(p)}
          aria-label={`${open.includes(p) ? 'Hide' : 'Show'} the ${LABELS[p].toLowerCase()}`}
          onClick={() => toggle(p)}
        >
          {LABELS[p]}
        </button>
      ))}
    </div>
  );
}
