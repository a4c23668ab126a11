/**
 * Page layout: header, error banner, controls, panel toggles; the scenario editor and export when open;
 * cluster + inspector (+ packet layers) left, charts right; compare; sequence chart and timeline; tables below.
 * A walkthrough card sits above the grid when the scenario has walkthroughs; presentation mode enlarges type; the
 * projector profile raises contrast and stroke widths; `embed=1` shows the chromeless view (components/EmbedView.tsx).
 * Panels that open only on request (editor, export, compare, event chain, critical path, parameter study), and the storage view only PVFS2 runs show,
 * load as their own chunks the first time they appear, so the first load carries only what the default page shows.
 */
import { lazy, Suspense } from 'react';
import { useInitialScenario } from './hooks/useInitialScenario';
import { useSimulationRunner } from './hooks/useSimulationRunner';
import { useAnimationClock } from './hooks/useAnimationClock';
import { useKeyboardShortcuts } from './hooks/useKeyboardShortcuts';
import { useOpenPanels } from './hooks/useOpenPanels';
import { Header } from './components/Header';
import { ErrorBanner } from './components/ErrorBanner';
import { ControlsBar } from './components/ControlsBar';
import { PlaybackModes } from './components/PlaybackModes';
import { PanelToggles } from './components/PanelToggles';
import { ClusterView } from './components/ClusterView';
import { NodeInspector } from './components/NodeInspector';
import { ViInspector } from './components/ViInspector';
import { E4EventInspector } from './components/E4EventInspector';
import { isPvfs2Scenario } from './scenario/pvfs2Workloads';
import { LatencyChart } from './components/LatencyChart';
import { BandwidthChart } from './components/BandwidthChart';
import { MessageSizeChart } from './components/MessageSizeChart';
import { useScenario } from './hooks/useScenario';
import { pingPongOf } from '../../core-wasm/js/scenarioTypes';
import { SequenceChart } from './components/SequenceChart';
import { TimelineView } from './components/TimelineView';
import { ResultTables } from './components/ResultTables';
import { PacketLayers } from './components/PacketLayers';
import { WalkthroughCard } from './components/WalkthroughCard';
import { FirstVisitCard } from './components/FirstVisitCard';
import { WalkthroughPicker } from './components/WalkthroughPicker';
import { useCompareRunner } from './hooks/useCompareRunner';
import { WalkthroughCursor } from './components/WalkthroughCursor';
import { useWalkthroughKeys } from './hooks/useWalkthroughKeys';
import { useWalkthroughHighlight } from './hooks/useWalkthroughHighlight';
import { useWalkthroughStore } from './state/walkthroughStore';
import { useClassroomStore } from './state/classroomStore';
import { useAutoplay } from './hooks/useAutoplay';
import { EmbedView } from './components/EmbedView';
import { LiveDescription } from './components/LiveDescription';
import { ProjectorToggle } from './components/ProjectorToggle';
import { TeacherNotes } from './components/TeacherNotes';
import { LessonHome } from './components/LessonHome';
import { IntroView } from './components/IntroView';

/** A named export of a component module, loaded on first render (its own chunk). */
const ScenarioEditor = lazy(() => import('./components/ScenarioEditor').then((m) => ({ default: m.ScenarioEditor })));
const ExportPanel = lazy(() => import('./components/ExportPanel').then((m) => ({ default: m.ExportPanel })));
const CompareView = lazy(() => import('./components/CompareView').then((m) => ({ default: m.CompareView })));
const EventChainView = lazy(() => import('./components/EventChainView').then((m) => ({ default: m.EventChainView })));
const StudyView = lazy(() => import('./components/StudyView').then((m) => ({ default: m.StudyView })));
const CriticalPathView = lazy(() => import('./components/CriticalPathView').then((m) => ({ default: m.CriticalPathView })));
/** Only PVFS2 runs show it. */
const StorageView = lazy(() => import('./components/StorageView').then((m) => ({ default: m.StorageView })));

export function App() {
  useInitialScenario();
  const { cancel } = useSimulationRunner();
  useAnimationClock();
  useKeyboardShortcuts();
  useCompareRunner();
  useWalkthroughKeys();
  const panels = useOpenPanels();
  const highlight = useWalkthroughHighlight();
  const presenting = useWalkthroughStore((s) => s.presenting);
  // An MPI job (NAS runs, all-to-all) has no latency or bandwidth sweep: its message sizes instead.
  const scenario = useScenario();
  const mpiJob = pingPongOf(scenario) === null;
  // A PVFS2 run has no MPI message sizes to chart (BT-IO's are BT's own): the storage view stands there instead.
  const pvfs2 = isPvfs2Scenario(scenario);
  useAutoplay();
  const profile = useClassroomStore((s) => s.colorProfile);
  const embedPanels = useClassroomStore((s) => s.embedPanels);
  const rootClass = `app${presenting ? ' presenting' : ''}${profile === 'projector' ? ' profile-projector' : ''}${embedPanels ? ' embed' : ''}`;
  const screen = useClassroomStore((s) => s.screen);
  if (!embedPanels && screen === 'home')
    return (
      <div className={rootClass} data-color-profile={profile}>
        <LessonHome />
      </div>
    );
  if (!embedPanels && screen === 'intro')
    return (
      <div className={`${rootClass} intro`} data-highlight-panel={highlight?.panel} data-color-profile={profile}>
        <WalkthroughCursor />
        <IntroView onCancel={cancel} />
      </div>
    );
  if (embedPanels)
    return (
      <div className={rootClass} data-highlight-panel={highlight?.panel} data-color-profile={profile}>
        <WalkthroughCursor />
        <EmbedView panels={embedPanels} onCancel={cancel} />
      </div>
    );
  return (
    <div className={rootClass} data-highlight-panel={highlight?.panel} data-color-profile={profile}>
      <WalkthroughCursor />
      <Header />
      <ErrorBanner />
      <section className="playback-region" aria-label="Playback and views">
        <ControlsBar onCancel={cancel} />
        <LiveDescription />
        <PlaybackModes />
        <div className="toolbar-row">
          <PanelToggles />
          <WalkthroughPicker />
          <span className="classroom-tools">
            <a href="#screen=home" className="button-link" data-testid="open-lessons">Lessons</a> <ProjectorToggle />
          </span>
        </div>
      </section>
      <FirstVisitCard />
      <WalkthroughCard />
      <Suspense fallback={null}>
        {panels.includes('editor') && !presenting && <ScenarioEditor />}
        {panels.includes('export') && <ExportPanel />}
        {panels.includes('compare') && <CompareView />}
      </Suspense>
      <main className="main-grid">
        <div className="left-column">
          <ClusterView />
          <NodeInspector />
          <ViInspector />
          <E4EventInspector />
          <PacketLayers />
        </div>
        <div className="right-column">
          {pvfs2 ? (
            <Suspense fallback={null}>
              <StorageView />
            </Suspense>
          ) : mpiJob ? (
            <MessageSizeChart />
          ) : (
            <>
              <LatencyChart />
              <BandwidthChart />
            </>
          )}
        </div>
      </main>
      {(panels.includes('sequence') || panels.includes('timeline')) && (
        <div className="explorer-grid">
          {panels.includes('sequence') && <SequenceChart />}
          {panels.includes('timeline') && <TimelineView />}
        </div>
      )}
      <Suspense fallback={null}>{panels.includes('chain') && <EventChainView />}</Suspense>
      <Suspense fallback={null}>{panels.includes('path') && <CriticalPathView />}</Suspense>
      <Suspense fallback={null}>{panels.includes('study') && <StudyView />}</Suspense>
      <ResultTables />
      <TeacherNotes />
    </div>
  );
}
