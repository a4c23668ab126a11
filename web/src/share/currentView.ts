/**
 * Reads the page's view into a LinkView (for share links) and applies a LinkView restored from a link.
 * Browser-state glue around share/viewState.ts.
 */
import { usePlaybackStore } from '../state/playbackStore';
import { useSelectionStore } from '../state/selectionStore';
import { useViewStore } from '../state/viewStore';
import { useWalkthroughStore } from '../state/walkthroughStore';
import { useScenarioStore } from '../state/scenarioStore';
import { openLinkedWalkthrough } from '../walkthrough/linkedWalkthrough';
import type { LinkView } from './viewState';

export function currentView(): LinkView {
  const selection = useSelectionStore.getState().selection;
  const playback = usePlaybackStore.getState();
  const view: LinkView = {
    node: selection?.kind === 'node' ? selection.node : null,
    time_ps: Math.round(playback.time_ps),
    speed_us_per_s: playback.speed_us_per_s,
    panels: useViewStore.getState().panels,
  };
  const walkthrough = useWalkthroughStore.getState();
  if (walkthrough.id !== null) view.walkthrough = { id: walkthrough.id, step: walkthrough.step };
  return view;
}

export function applyView(view: LinkView): void {
  if (view.node !== null) useSelectionStore.getState().select({ kind: 'node', node: view.node });
  const playback = usePlaybackStore.getState();
  playback.setSpeed(view.speed_us_per_s);
  playback.setTime(view.time_ps);
  useViewStore.getState().setPanels(view.panels);
  if (view.walkthrough) openLinkedWalkthrough(useScenarioStore.getState().scenario, view.walkthrough);
}
