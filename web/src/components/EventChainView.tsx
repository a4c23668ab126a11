/**
 * Event-chain view: for one message, the chain of Elan4 DMA descriptors, events and the work they trigger
 * (doorbell → DMA → event count reached → copy: chained QDMA (FIN / FIN_ACK) → done word / completion queue →
 * interrupt → host thread woken), drawn left to right (EventChainGraph), with each node marked NIC-only or
 * needs the host. Nodes light up as the shared time cursor passes them; Back / Next step through them. The
 * host threads of the two nodes (polling / sleeping / woken) run below.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useChainMessages } from '../hooks/useChainMessages';
import { useChainMessage } from '../hooks/useChainMessage';
import { useEventChain } from '../hooks/useEventChain';
import { useHostThreads } from '../hooks/useHostThreads';
import { useScrollIntoViewX } from '../hooks/useScrollIntoViewX';
import { useSimTime } from '../hooks/useSimTime';
import { useScenario } from '../hooks/useScenario';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import { useElementSize } from '../hooks/useElementSize';
import { usePlaying } from '../hooks/usePlaying';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { togglePlay } from '../state/timeCursor';
import { layoutChain } from '../chain/chainLayout';
import { chainNext, chainPrevious, chainStart } from '../chain/chainCursor';
import { MessagePicker } from './MessagePicker';
import { EventChainGraph } from './EventChainGraph';
import { HostThreadLanes } from './HostThreadLanes';
import './eventChain.css';

export function EventChainView() {
  const boxRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(boxRef);
  const messages = useChainMessages();
  const { message, narrated } = useChainMessage();
  const chain = useEventChain(message);
  const time_ps = useSimTime();
  const playing = usePlaying();
  const scenario = useScenario();
  const entry = messages.find((m) => m.message === message);
  const series = entry ? (scenario.workload.series[entry.seriesIndex] as unknown as Record<string, unknown> | undefined) : undefined;
  const progress = typeof series?.progress === 'string' ? series.progress : 'polling';
  const lanes = useMemo(() => {
    if (!chain) return [];
    const w = pingPongOf(scenario);
    const order = (w ? [w.initiator, w.target] : []).filter((n) => chain.nodes.includes(n));
    return [...order, ...chain.nodes.filter((n) => !order.includes(n))];
  }, [chain, scenario]);
  const layout = useMemo(() => (chain ? layoutChain(chain.graph, lanes, Math.max(300, width - 4)) : null), [chain, lanes, width]);
  const threads = useHostThreads(lanes, chain?.from_ps ?? 0, chain?.to_ps ?? 0, progress !== 'polling');

  // A newly picked message starts with nothing fired; a walkthrough step's message keeps the step's time.
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (chain && message !== null && started.current !== message) {
      started.current = message;
      if (!narrated) chainStart(chain.graph);
    }
  }, [chain, message, narrated]);

  const firedCount = chain ? chain.graph.nodes.filter((n) => n.t_ps <= time_ps).length : 0;
  const latest = chain && firedCount > 0 ? chain.graph.nodes[firedCount - 1] : null;
  useScrollIntoViewX(boxRef, latest && layout ? layout.nodes[latest.id]?.x ?? null : null);
  const nicOnly = chain ? chain.graph.nodes.filter((n) => !n.needsHost).length : 0;

  return (
    <section className="panel chain-panel" data-testid="event-chain-view" aria-label="Event-chain view">
      <div className="panel-title">
        <h2>Event chain</h2>
        <MessagePicker
          messages={messages}
          message={message}
          onPick={(m) => useChainSelectionStore.getState().setMessage(m)}
          testIdPrefix="chain"
          purpose="Message whose event chain is drawn"
        />
        <span className="chain-steps" role="group" aria-label="Step through the event chain">
          <button type="button" data-testid="chain-start" disabled={!chain} onClick={() => chain && chainStart(chain.graph)} aria-label="Go to the start of the chain">|◂ Start</button>
          <button type="button" data-testid="chain-prev" disabled={!chain} onClick={() => chain && chainPrevious(chain.graph)} aria-label="Back to the previous node of the chain">◂ Back</button>
          <button type="button" data-testid="chain-next" disabled={!chain} onClick={() => chain && chainNext(chain.graph)} aria-label="Next node of the chain">Next ▸</button>
          <button type="button" data-testid="chain-play" disabled={!chain} onClick={togglePlay} aria-pressed={playing} aria-label={playing ? 'Pause' : 'Play the chain'}>{playing ? '❚❚' : '▶'}</button>
        </span>
        <span className="legend chain-legend">
          <span><svg width="22" height="12" aria-hidden="true"><rect x="1" y="1" width="20" height="10" rx="3" className="chain-key-nic" /></svg> NIC-only (no host)</span>
          <span><svg width="22" height="12" aria-hidden="true"><polygon points="1,6 5,1 17,1 21,6 17,11 5,11" className="chain-key-host" /></svg> needs the host</span>
          <span>filled = fired</span>
        </span>
      </div>
      {!chain && <p className="muted chain-note">Pick a message (or click one in the sequence chart) to draw its chain of DMA descriptors and events.</p>}
      {chain && (
        <p className="chain-status" data-testid="chain-status" aria-live="polite">
          <b data-testid="chain-fired-count">{firedCount}</b> / {chain.graph.nodes.length} fired · {nicOnly} NIC-only, {chain.graph.nodes.length - nicOnly} need the host
          {series ? ` · progress: ${progress}` : ''}
          {latest ? <> · <b>{latest.label}</b>: {latest.detail}</> : ' · nothing fired yet'}
        </p>
      )}
      <div ref={boxRef} className="chain-scroll">
        {layout && <EventChainGraph layout={layout} time_ps={time_ps} />}
      </div>
      {chain && layout && <HostThreadLanes threads={threads} from_ps={chain.from_ps} to_ps={chain.to_ps} time_ps={time_ps} width={Math.max(300, width - 4)} />}
    </section>
  );
}
