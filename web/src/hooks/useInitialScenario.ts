/**
 * Loads the scenario, view and comparison from the URL hash (`#s=3.<data>`, see share/linkCodec.ts) on start and on
 * hashchange; `&w=<id>&step=<n>` opens a walkthrough (also without `s=`, on the default scenario, or on a bundled
 * scenario named by `scenario=<id>`, scenario/bundledScenarios.ts).
 * A bad link shows its error in the banner and the page keeps (or falls back to) the default scenario.
 */
import { useEffect } from 'react';
import { bundledScenarioParameter, decodeScenarioLink, foreignHashError, linkParameter, walkthroughParameter } from '../share/linkCodec';
import { loadBundledScenario } from '../scenario/bundledScenarios';
import { useCompareStore } from '../state/compareStore';
import { useStudyStore } from '../state/studyStore';
import { useClassroomStore } from '../state/classroomStore';
import { readTeacherParams } from '../share/teacherParams';
import { openLinkedWalkthrough } from '../walkthrough/linkedWalkthrough';
import { useScenarioStore } from '../state/scenarioStore';
import { useBannerStore } from '../state/bannerStore';
import { defaultScenario } from '../scenario/defaultScenario';

/** The hash this page wrote last (copy-link); its hashchange must not re-run the same scenario. */
let ownHash: string | null = null;

export function markOwnHash(hash: string): void {
  ownHash = hash.startsWith('#') ? hash : `#${hash}`;
}

function loadFromHash(initial: boolean): void {
  const hash = window.location.hash;
  if (hash === ownHash) return;
  // Teacher-facing parameters (embed, panels, autoplay, speed, colorProfile): a bad value is ignored and named.
  const teacher = readTeacherParams(hash);
  useClassroomStore.getState().apply(teacher.params);
  if (teacher.warnings.length > 0) useBannerStore.getState().show(`Ignored in the address: ${teacher.warnings.join('; ')}.`);
  const { load, source } = useScenarioStore.getState();
  const walkthrough = walkthroughParameter(hash);
  const bundled = bundledScenarioParameter(hash);
  if (linkParameter(hash) === null && bundled !== null && bundled !== defaultScenario.id) {
    loadBundledScenario(bundled).then(
      (scenario) => {
        if (window.location.hash !== hash) return;  // another link was opened meanwhile
        load(scenario, 'shipped');
        if (walkthrough) openLinkedWalkthrough(scenario, walkthrough);
      },
      (e: Error) => {
        useBannerStore.getState().show(`${e.message}. Showing the default scenario instead.`);
        load(defaultScenario, 'default');
      },
    );
    return;
  }
  if (linkParameter(hash) === null) {
    const foreign = foreignHashError(hash);
    if (foreign) {  // never a silent fallback: say what is wrong with the address
      useBannerStore.getState().show(`${foreign} Showing the default scenario instead.`);
      load(defaultScenario, 'default');
      return;
    }
    if (initial || source !== 'default') load(defaultScenario, 'default');
    if (walkthrough) openLinkedWalkthrough(defaultScenario, walkthrough);
    return;
  }
  const decoded = decodeScenarioLink(hash);
  if (decoded.ok) {
    const view = walkthrough ? { ...decoded.view, walkthrough } : decoded.view;
    load(decoded.scenario, 'link', view);
    if (decoded.compare || useCompareStore.getState().spec) useCompareStore.getState().setSpec(decoded.compare);
    // A study in the link runs again on the link's scenario; a link without one ends the study shown.
    if (decoded.study) useStudyStore.getState().start(decoded.study);
    else if (useStudyStore.getState().spec) useStudyStore.getState().reset();
  } else {
    const sentence = /[.!?)]$/.test(decoded.error) ? decoded.error : `${decoded.error}.`;
    useBannerStore.getState().show(`${sentence} Showing the default scenario instead.`);
    load(defaultScenario, 'default');
  }
}

/**
 * Opens the shipped scenario `id` (scenario/bundledScenarios.ts) the way its short link does, so the address can be
 * shared and Back returns to what was open: sets `#scenario=<id>`, or reloads it when the address already says so
 * (the scenario was edited since).
 */
export function openShippedScenario(id: string): void {
  const hash = `#scenario=${id}`;
  if (window.location.hash === hash) loadFromHash(false);
  else window.location.hash = hash;
}

export function useInitialScenario(): void {
  useEffect(() => {
    loadFromHash(true);
    const onHashChange = () => loadFromHash(false);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
}
