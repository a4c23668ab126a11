/**
 * A lesson's Intro screen (`screen=intro`, issue 40 item 3): few controls — the cluster, Play / Step / speed, the live
 * description, one chart and the walkthrough (whose first step asks a prediction) — with links back to the lessons
 * and on to the full Lab. The chart is the lesson's (lessons/lessons.ts), else the latency chart (or the result
 * tables for a run without one).
 */
import { ErrorBanner } from './ErrorBanner';
import { ControlsBar } from './ControlsBar';
import { ClusterView } from './ClusterView';
import { LatencyChart } from './LatencyChart';
import { BandwidthChart } from './BandwidthChart';
import { MessageSizeChart } from './MessageSizeChart';
import { ResultTables } from './ResultTables';
import { WalkthroughCard } from './WalkthroughCard';
import { WalkthroughPicker } from './WalkthroughPicker';
import { LiveDescription } from './LiveDescription';
import { useScenario } from '../hooks/useScenario';
import { LESSONS } from '../lessons/lessons';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';

export function IntroView({ onCancel }: { onCancel(): void }) {
  const scenario = useScenario();
  const lesson = LESSONS.find((l) => l.scenario === scenario.id);
  const chart = lesson?.chart ?? (pingPongOf(scenario) ? 'latency' : 'tables');
  return (
    <>
      <div className="intro-head">
        <a href="#screen=home" data-testid="intro-lessons">◂ All lessons</a>
        <h1 data-testid="scenario-title">{lesson?.title ?? scenario.title ?? scenario.id}</h1>
        <a href={`#scenario=${scenario.id}&screen=lab`} data-testid="intro-lab">Open the Lab ▸</a>
      </div>
      <ErrorBanner />
      <ControlsBar onCancel={onCancel} />
      <LiveDescription />
      <WalkthroughPicker />
      <WalkthroughCard />
      <main className="intro-grid" data-testid="intro-view">
        <ClusterView />
        {chart === 'latency' && <LatencyChart />}
        {chart === 'bandwidth' && <BandwidthChart />}
        {chart === 'sizes' && <MessageSizeChart />}
        {chart === 'tables' && <ResultTables />}
      </main>
    </>
  );
}
