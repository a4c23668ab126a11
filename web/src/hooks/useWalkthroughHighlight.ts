import { useActiveWalkthrough } from './useActiveWalkthrough';
import type { WalkthroughHighlight } from '../../../core-wasm/js/scenarioTypes';

/** What the current walkthrough step highlights (node, component, panel), or null. */
export function useWalkthroughHighlight(): WalkthroughHighlight | null {
  return useActiveWalkthrough()?.step.highlight ?? null;
}
