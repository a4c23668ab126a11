import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RunProvider } from './run/RunContext';
import { pageRun } from './run/runs';
import './styles.css';

// A test hook (e2e/failures.spec.ts): ends the page run's worker as a crash would, to check that the page says what
// happened in its own words, keeps what was computed and stays usable.
(window as unknown as { __hpcsimTest: object }).__hpcsimTest = { killWorker: () => pageRun.killWorker() };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Every view shows the page's run unless a RunProvider nearer to it (the compare view's run B) says otherwise. */}
    <RunProvider run={pageRun}>
      <App />
    </RunProvider>
  </StrictMode>,
);
