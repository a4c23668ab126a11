/** Page title, the scenario's title and where it came from; the shipped scenarios' menu and Open file; the paper check. */
import { useScenario } from '../hooks/useScenario';
import { useScenarioStore } from '../state/scenarioStore';
import { FingerprintView } from './FingerprintView';
import { ScenarioMenu } from './ScenarioMenu';
import { ScenarioFileOpen } from './ScenarioFileOpen';
import { KeyboardHelp } from './KeyboardHelp';
import { PaperCheck } from './PaperCheck';
import { ShareLinkPanel } from './ShareLinkPanel';

export function Header() {
  const scenario = useScenario();
  const source = useScenarioStore((s) => s.source);
  return (
    <header className="header">
      <div className="titles">
        <h1>HPC Interconnect Emulator</h1>
        <span className="scenario-title" data-testid="scenario-title" title={scenario.description}>
          {scenario.title ?? scenario.id}
          {source === 'link' && <span className="badge badge-link">from share link</span>}
          {source === 'editor' && <span className="badge badge-link" data-testid="edited-badge">edited</span>}
          {source === 'file' && <span className="badge badge-link" data-testid="file-badge">from file</span>}
        </span>
      </div>
      <div className="header-tools">
        <ScenarioMenu />
        <ScenarioFileOpen />
        <FingerprintView />
        <ShareLinkPanel />
        <PaperCheck />
        <KeyboardHelp />
      </div>
    </header>
  );
}
