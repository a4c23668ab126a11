/**
 * Writes the current scenario, view and comparison into the URL hash as a share link (format 3, linkCodec.ts) and records
 * it in the scenario store. Returns the URL, or null after showing why the link was refused (over 64 KiB).
 */
import { encodeScenarioLink } from './linkCodec';
import { currentView } from './currentView';
import { markOwnHash } from '../hooks/useInitialScenario';
import { useScenarioStore } from '../state/scenarioStore';
import { useBannerStore } from '../state/bannerStore';
import { useCompareStore } from '../state/compareStore';
import { useStudyStore } from '../state/studyStore';
import { useClassroomStore } from '../state/classroomStore';

export function writeShareLink(): string | null {
  let hash: string;
  try {
    hash = encodeScenarioLink(useScenarioStore.getState().scenario, currentView(), useCompareStore.getState().spec, useStudyStore.getState().spec);
    if (useClassroomStore.getState().colorProfile === 'projector') hash += '&colorProfile=projector';
  } catch (err) {
    useBannerStore.getState().show((err as Error).message);
    return null;
  }
  markOwnHash(hash);
  window.history.replaceState(null, '', `#${hash}`);
  const url = window.location.href;
  useScenarioStore.getState().setShareUrl(url);
  return url;
}
