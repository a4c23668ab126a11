/**
 * Page layout: header, error banner, controls, panel toggles; the scenario editor and export when open;
 * cluster + inspector left, charts right; sequence chart and timeline; tables below.
 */
import { useInitialScenario } from './hooks/useInitialScenario';
import { useSimulationRunner } from './hooks/useSimulationRunner';
import { useAnimationClock } from './hooks/useAnimationClock';
import { useKeyboardShortcuts } from './hooks/useKeyboardShortcuts';
import { useOpenPanels } from './hooks/useOpenPanels';
import { Header } from './components/Header';
import { ErrorBanner } from './components/ErrorBanner';
import { ControlsBar } from './components/ControlsBar';
import { PanelToggles } from './components/PanelToggles';
import { ScenarioEditor } from './components/ScenarioEditor';
import { ExportPanel } from './components/ExportPanel';
import { ClusterView } from './components/ClusterView';
import { NodeInspector } from './components/NodeInspector';
import { LatencyChart } from './components/LatencyChart';
import { BandwidthChart } from './components/BandwidthChart';
import { SequenceChart } from './components/SequenceChart';
import { TimelineView } from './components/TimelineView';
import { ResultTables } from './components/ResultTables';

export function App() {
  useInitialScenario();
  const { cancel } = useSimulationRunner();
  useAnimationClock();
  useKeyboardShortcuts();
  const panels = useOpenPanels();
  return (
    <div className="app">
      <Header />
      <ErrorBanner />
      <ControlsBar onCancel={cancel} />
      <PanelToggles />
      {panels.includes('editor') && <ScenarioEditor />}
      {panels.includes('export') && <ExportPanel />}
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
      {(panels.includes('sequence') || panels.includes('timeline')) && (
        <div className="explorer-grid">
          {panels.includes('sequence') && <SequenceChart />}
          {panels.includes('timeline') && <TimelineView />}
        </div>
      )}
      <ResultTables />
    </div>
  );
}
