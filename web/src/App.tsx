/** Page layout: header, error banner, controls; cluster + inspector left, charts right, tables below. */
import { useInitialScenario } from './hooks/useInitialScenario';
import { useSimulationRunner } from './hooks/useSimulationRunner';
import { useAnimationClock } from './hooks/useAnimationClock';
import { Header } from './components/Header';
import { ErrorBanner } from './components/ErrorBanner';
import { ControlsBar } from './components/ControlsBar';
import { ClusterView } from './components/ClusterView';
import { NodeInspector } from './components/NodeInspector';
import { LatencyChart } from './components/LatencyChart';
import { BandwidthChart } from './components/BandwidthChart';
import { ResultTables } from './components/ResultTables';

export function App() {
  useInitialScenario();
  const { cancel } = useSimulationRunner();
  useAnimationClock();
  return (
    <div className="app">
      <Header />
      <ErrorBanner />
      <ControlsBar onCancel={cancel} />
      <main className="main-grid">
        <div className="left-column">
          <ClusterView />
          <NodeInspector />
        </div>
        <div className="right-column">
          <LatencyChart />
          <BandwidthChart />
        </div>
      </main>
      <ResultTables />
    </div>
  );
}
