/**
 * Drives the page from the current walkthrough step: moves the time cursor to the step's time
 * (walkthrough/stepTime.ts, once its anchor message is in the trace), selects the highlighted node, opens the
 * highlighted panel when it is one of the toggled panels and, for a step anchored at a message, drops the event-chain
 * view's pick so that the view shows the step's message (hooks/useChainMessage.ts).
 */
import { useEffect } from 'react';
import { useActiveWalkthrough } from './useActiveWalkthrough';
import { useScenario } from './useScenario';
import { useTraceVersion } from './useTraceVersion';
import { useRunStatus } from './useRunStatus';
import { useSelectionStore } from '../state/selectionStore';
import { useViewStore } from '../state/viewStore';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { seek } from '../state/timeCursor';
import { useRun } from '../run/RunContext';
import { stepTime_ps } from '../walkthrough/stepTime';

export function useWalkthroughCursor(): void {
  const { trace } = useRun();
  const active = useActiveWalkthrough();
  const scenario = useScenario();
  const version = useTraceVersion();
  const status = useRunStatus();
  const step = active?.step ?? null;
  const key = active ? `${active.walkthrough.id}:${active.index}` : null;
  const finished = status === 'finished';

  useEffect(() => {
    if (!step) return;
    const node = step.highlight?.node;
    if (node !== undefined) useSelectionStore.getState().select({ kind: 'node', node });
    // A new step anchored at a message shows that message in the event-chain view until another is picked.
    if (step.message) useChainSelectionStore.getState().setMessage(null);
    const panel = step.highlight?.panel;
    if (panel === 'sequence' || panel === 'timeline') {
      const view = useViewStore.getState();
      if (!view.panels.includes(panel)) view.togglePanel(panel);
    }
  }, [key]);

  useEffect(() => {
    if (!step || !finished) return;
    const t = stepTime_ps(step, scenario, trace);
    if (t !== null) seek(t);
    // version: re-resolve when the trace grows; finished: anchors are only final once the run is done
  }, [trace, key, finished, version, scenario]);
}
