/**
 * "jump to message…": the first message of each (series, size) pair of the run (hooks/useMessageMarks.ts); choosing
 * one pauses playback, moves the time cursor to its start and selects it in the event-chain and critical-path views. Re-renders when the trace grows, not as time moves.
 */
import { useMessageMarks } from '../hooks/useMessageMarks';
import { usePlaybackStore } from '../state/playbackStore';
import { MessageOptions } from './MessageOptions';
import { useChainSelectionStore } from '../state/chainSelectionStore';

export function MessageJump() {
  const marks = useMessageMarks();
  return (
    <label>
      jump to{' '}
      <select
        data-testid="message-jump"
        aria-label="Jump to a message"
        value=""
        onChange={(e) => {
          if (e.target.value !== '') {
            const { setPlaying, setTime } = usePlaybackStore.getState();
            setPlaying(false);
            setTime(Number(e.target.value));
            const mark = marks.find((m) => m.start_ps === Number(e.target.value));
            if (mark) useChainSelectionStore.getState().setMessage(mark.message);
          }
        }}
      >
        <option value="">message…</option>
        <MessageOptions marks={marks} />
      </select>
    </label>
  );
}
