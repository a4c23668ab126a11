/**
 * The chromeless view for an <iframe> (`embed=1`, share/teacherParams.ts): the scenario's title, the playback bar and
 * the panels the address names, in its order; no header tools, editor or export. It reads and writes no storage and
 * never navigates the top window, so it runs in a sandboxed iframe (`sandbox="allow-scripts allow-same-origin"`).
 * "Open in full" opens the same scenario on the full page in a new tab (where the iframe's sandbox allows popups).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBanner } from './ErrorBanner';
import { ControlsBar } from './ControlsBar';
import { ClusterView } from './ClusterView';
import { LatencyChart } from './LatencyChart';
import { BandwidthChart } from './BandwidthChart';
import { MessageSizeChart } from './MessageSizeChart';
import { SequenceChart } from './SequenceChart';
import { TimelineView } from './TimelineView';
import { ResultTables } from './ResultTables';
import { WalkthroughCard } from './WalkthroughCard';
import { WalkthroughPicker } from './WalkthroughPicker';
import { useScenario } from '../hooks/useScenario';
import { LiveDescription } from './LiveDescription';
import type { EmbedPanel } from '../share/teacherParams';

const EventChainView = lazy(() => import('./EventChainView').then((m) => ({ default: m.EventChainView })));
const CriticalPathView = lazy(() => import('./CriticalPathView').then((m) => ({ default: m.CriticalPathView })));

const PANEL: Record<EmbedPanel, () => ReactNode> = {
  cluster: () => <ClusterView />,
  latency: () => <LatencyChart />,
  bandwidth: () => <BandwidthChart />,
  sizes: () => <MessageSizeChart />,
  sequence: () => <SequenceChart />,
  timeline: () => <TimelineView />,
  chain: () => <EventChainView />,
  path: () => <CriticalPathView />,
  tables: () => <ResultTables />,
  walkthrough: () => (
    <>
      <WalkthroughPicker />
      <WalkthroughCard />
    </>
  ),
};

export function EmbedView({ panels, onCancel }: { panels: EmbedPanel[]; onCancel(): void }) {
  const scenario = useScenario();
  const full = `${window.location.pathname}${window.location.hash.replace(/(^#|&)(embed|panels|autoplay)=[^&]*/g, '$1').replace(/&&+/g, '&').replace(/#&/, '#')}`;
  return (
    <>
      <div className="embed-title">
        <strong data-testid="scenario-title">{scenario.title ?? scenario.id}</strong>
        <a href={full} target="_blank" rel="noopener noreferrer" className="embed-open">Open in full ↗</a>
      </div>
      <ErrorBanner />
      <ControlsBar onCancel={onCancel} />
      <LiveDescription />
      <main className="embed-grid" data-testid="embed-view" data-panels={panels.join(',')}>
        {panels.map((p) => (
          <div key={p} className="embed-cell" data-embed-panel={p}>
            <Suspense fallback={null}>{PANEL[p]()}</Suspense>
          </div>
        ))}
      </main>
    </>
  );
}
