/**
 * The header's "Open file…": a scenario file (JSON, scenarios/scenario.schema.json; the page's Export saves one) picked
 * here or dropped anywhere on the page is checked and run (scenario/openScenarioFile.ts).
 */
import { useEffect, useRef } from 'react';

/** openScenarioFile, fetched when a file is first opened: the page's first load stays within its JS budget. */
const openScenarioFile = (file: File) =>
  import('../scenario/openScenarioFile').then((m) => m.openScenarioFile(file));

/** Whether a drag carries files (not text or a link dragged within the page). */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

export function ScenarioFileOpen() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      const file = e.dataTransfer?.files[0];
      if (file) void openScenarioFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return (
    <>
      <button type="button" data-testid="open-file" onClick={() => input.current?.click()}
        title="Open a scenario file (JSON, as scenarios/*.json and the Export panel's scenario file); or drop one on the page">
        Open file…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="open-file-input"
        aria-label="Scenario file to open"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';  // the same file can be opened again after an edit
          if (file) void openScenarioFile(file);
        }}
      />
    </>
  );
}
