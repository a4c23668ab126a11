/**
 * Event-chain view: for one message, the chain of Elan4 DMA descriptors, events and the work they trigger
 * (doorbell → DMA → event count reached → copy: chained QDMA (FIN / FIN_ACK) → done word / completion queue →
 * interrupt → host thread woken), drawn left to right (EventChainGraph), with each node marked NIC-only or
 * needs the host. Nodes light up as the shared time cursor passes them; Back / Next step through them. The
 * host threads of the two nodes (polling / sleeping / woken) run below.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
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
import { messageGroups, messageSizes } from '../chain/messageGroups';
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
  const seriesName = (i: number) => {
    const s = scenario.workload.series[i];
    return s ? (s.label ?? s.id) : `series ${i}`;
  };
  const progress = typeof series?.progress === 'string' ? series.progress : 'polling';
  // The picker narrowed to one payload size (null: every size); a size the run no longer has lists every message.
  const [size, setSize] = useState<number | null>(null);
  const sizes = useMemo(() => messageSizes(messages), [messages]);
  const sizeFilter = size !== null && sizes.some((x) => x.bytes === size) ? size : null;
  const bySeries = useMemo(() => messageGroups(messages, sizeFilter, message), [messages, sizeFilter, message]);
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
        <label>
          size{' '}
          <select
            data-testid="chain-size-filter"
            aria-label="Payload size of the messages listed"
            value={sizeFilter ?? ''}
            onChange={(e) => setSize(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">all ({messages.length})</option>
            {sizes.map((x) => (
              <option key={x.bytes} value={x.bytes}>
                {x.bytes} B ({x.count})
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          message{' '}
          <select
            data-testid="chain-message-select"
            aria-label="Message whose event chain is drawn"
            value={message ?? ''}
            onChange={(e) => useChainSelectionStore.getState().setMessage(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">pick a message…</option>
            {/* One group per series, so a run of many messages (972 on the PVFS2 list I/O sweep) reads by transport;
                the size filter above narrows each group to one payload size. */}
            {bySeries.map(([seriesIndex, group]) => (
              <optgroup key={seriesIndex} label={`${seriesName(seriesIndex)} (${group.length})`}>
                {group.map((m) => (
                  <option key={m.message} value={m.message}>
                    {seriesName(m.seriesIndex)} · {m.bytes} B · #{m.message}, delivered at {(m.start_ps / 1e6).toFixed(1)} µs
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
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
