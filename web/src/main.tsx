import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RunProvider } from './run/RunContext';
import { pageRun, setParallelWorkers } from './run/runs';
import './styles.css';

// Test hooks (e2e/failures.spec.ts): end the page run's worker as a crash would, to check that the page says what
// happened in its own words, keeps what was computed and stays usable; and lower the memory budget of the next runs,
// so that a run reaches it in seconds rather than after 3.7 GiB; and set how many workers a run's parts use
// (e2e/parts.spec.ts runs 1 and 4).
(window as unknown as { __hpcsimTest: object }).__hpcsimTest = {
  killWorker: () => pageRun.killWorker(),
  setMemoryBudgetMib: (mib: number | undefined) => { pageRun.memoryBudgetMib = mib; },
  setParallelWorkers: (n: number | undefined) => setParallelWorkers(n),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Every view shows the page's run unless a RunProvider nearer to it (the compare view's run B) says otherwise. */}
    <RunProvider run={pageRun}>
      <App />
    </RunProvider>
  </StrictMode>,
);
