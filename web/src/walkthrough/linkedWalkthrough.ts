/**
 * The walkthrough a link names (`&w=<id>&step=<n>`, or a share link's view): opened when the scenario has it, else
 * said in the banner. Before, an unknown id opened nothing and said nothing (the page looked as if the link had
 * no walkthrough), and a step past the last showed the last step without a word.
 */
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import type { LinkView } from '../share/viewState';
import { useBannerStore } from '../state/bannerStore';
import { useWalkthroughStore } from '../state/walkthroughStore';

/** A link's walkthrough: its id and 0-based step (a share link's view; `w=` and `step=`, share/linkCodec.ts). */
export type LinkedWalkthrough = NonNullable<LinkView['walkthrough']>;

/**
 * What is wrong with `linked` on `scenario`, or null when it opens as given: `openStep` null when the scenario has no
 * walkthrough of that id, its last step (0-based) when the link's step is past it. Pure.
 */
export function linkedWalkthroughProblem(scenario: Scenario, linked: LinkedWalkthrough): { message: string; openStep: number | null } | null {
  const walkthroughs = scenario.walkthroughs ?? [];
  const found = walkthroughs.find((w) => w.id === linked.id);
  const id = linked.id.length > 64 ? `${linked.id.slice(0, 64)}…` : linked.id;
  if (!found) {
    const known = walkthroughs.length > 0 ? `its walkthroughs: ${walkthroughs.map((w) => w.id).join(', ')}` : 'it has none';
    return { message: `The link's walkthrough "${id}" is not one of the scenario "${scenario.id}" (${known}).`, openStep: null };
  }
  const count = found.steps.length;
  if (linked.step >= count)
    return { message: `The link's step ${linked.step + 1} of walkthrough "${id}" is past its last (${count}): showing step ${count}.`, openStep: count - 1 };
  return null;
}

/** Opens `linked` on `scenario` (the scenario the page now runs), or says in the banner why not, or why at its last step. */
export function openLinkedWalkthrough(scenario: Scenario, linked: LinkedWalkthrough): void {
  const problem = linkedWalkthroughProblem(scenario, linked);
  if (problem) useBannerStore.getState().show(problem.message);
  const step = problem ? problem.openStep : linked.step;
  if (step !== null) useWalkthroughStore.getState().open(linked.id, step);
}
