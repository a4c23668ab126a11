import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RunProvider } from './run/RunContext';
import { pageRun } from './run/runs';
import './styles.css';

// Test hooks (e2e/failures.spec.ts): end the page run's worker as a crash would, to check that the page says what
// happened in its own words, keeps what was computed and stays usable; and lower the memory budget of the next runs,
// so that a run reaches it in seconds rather than after 3.7 GiB.
(window as unknown as { __hpcsimTest: object }).__hpcsimTest = {
  killWorker: () => pageRun.killWorker(),
  setMemoryBudgetMib: (mib: number | undefined) => { pageRun.memoryBudgetMib = mib; },
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Every view shows the page's run unless a RunProvider nearer to it (the compare view's run B) says otherwise. */}
    <RunProvider run={pageRun}>
      <App />
    </RunProvider>
  </StrictMode>,
);
