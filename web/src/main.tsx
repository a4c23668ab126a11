import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RunProvider } from './run/RunContext';
import { pageRun } from './run/runs';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Every view shows the page's run unless a RunProvider nearer to it (the compare view's run B) says otherwise. */}
    <RunProvider run={pageRun}>
      <App />
    </RunProvider>
  </StrictMode>,
);
