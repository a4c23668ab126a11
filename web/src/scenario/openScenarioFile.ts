/**
 * Opens a scenario file the user picked or dropped on the page (browser glue around scenarioFile.ts): refused with
 * one banner line naming the file and the field (too large, not JSON, a schema rule, or a rule only the core knows,
 * asked of the checking worker as the editor does), and then the page keeps the scenario it had; else the page runs
 * it, and the address becomes its share link.
 */
import { checkWithCore } from '../hooks/useCoreCheck';
import { writeShareLink } from '../share/writeShareLink';
import { useBannerStore } from '../state/bannerStore';
import { useScenarioStore } from '../state/scenarioStore';
import { parseScenarioFile, scenarioFileSizeError } from './scenarioFile';

/** Reads, checks and (when accepted) runs `file`. Resolves to whether it was opened; never rejects. */
export async function openScenarioFile(file: File): Promise<boolean> {
  const refuse = (error: string): false => {
    useBannerStore.getState().show(`${error} The page keeps the scenario it had.`);
    return false;
  };
  const tooLarge = scenarioFileSizeError(file.name, file.size);
  if (tooLarge) return refuse(tooLarge);
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return refuse(`${file.name}: could not be read (${(e as Error).message}).`);
  }
  const parsed = parseScenarioFile(file.name, text);
  if (!parsed.ok) return refuse(parsed.error);
  const coreError = await checkWithCore(JSON.stringify(parsed.scenario));
  if (coreError) return refuse(`${file.name}: the simulator refuses it: ${coreError}.`);
  useScenarioStore.getState().load(parsed.scenario, 'file');
  writeShareLink();
  return true;
}
