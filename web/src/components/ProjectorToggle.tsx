/** The projector colour profile's toggle (issue 40 item 6; `colorProfile=projector` in the link does the same). */
import { useClassroomStore } from '../state/classroomStore';

export function ProjectorToggle() {
  const profile = useClassroomStore((s) => s.colorProfile);
  return (
    <button type="button" data-testid="projector-toggle" aria-pressed={profile === 'projector'}
      title="High-contrast colours, thicker strokes and larger labels for a projector (colorProfile=projector in the link)"
      onClick={() => useClassroomStore.getState().setColorProfile(profile === 'projector' ? 'default' : 'projector')}>
      Projector
    </button>
  );
}
