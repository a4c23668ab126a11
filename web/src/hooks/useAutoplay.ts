import { useEffect } from 'react';
import { useClassroomStore } from '../state/classroomStore';
import { usePlaybackStore } from '../state/playbackStore';
import { useRunState } from '../run/RunContext';
import { useRun } from '../run/RunContext';

/** `autoplay=1` (share/teacherParams.ts): presses Play once the page's run has trace records to play. */
export function useAutoplay(): void {
  const pending = useClassroomStore((s) => s.autoplayPending);
  const version = useRunState((s) => s.traceVersion);
  const { trace } = useRun();
  useEffect(() => {
    if (!pending || trace.length === 0) return;
    useClassroomStore.getState().autoplayDone();
    usePlaybackStore.getState().setPlaying(true);
  }, [pending, version, trace]);
}
