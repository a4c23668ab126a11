/**
 * "jump to message…": the first message of each (series, size) pair of the run (hooks/useMessageMarks.ts); choosing
 * one pauses playback and moves the time cursor to its start. Re-renders when the trace grows, not as time moves.
 */
import { useMessageMarks } from '../hooks/useMessageMarks';
import { usePlaybackStore } from '../state/playbackStore';
import { MessageOptions } from './MessageOptions';

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
          }
        }}
      >
        <option value="">message…</option>
        <MessageOptions marks={marks} />
      </select>
    </label>
  );
}
