/**
 * For teachers (issue 40 item 7): the scenario's teacher notes — learning goals, misconceptions the run answers,
 * questions to ask — folded on screen (one click opens them) and always printed on the print sheet.
 */
import { useState } from 'react';
import { useScenario } from '../hooks/useScenario';

export function TeacherNotes() {
  const notes = useScenario().teacher_notes;
  const [open, setOpen] = useState(false);
  if (!notes) return null;
  const list = (title: string, items: string[] | undefined, testId: string) =>
    items && items.length > 0 ? (
      <div className="teacher-list" data-testid={testId}>
        <h3>{title}</h3>
        <ul>{items.map((x, i) => <li key={i}>{x}</li>)}</ul>
      </div>
    ) : null;
  return (
    <section className="panel teacher-notes" data-testid="teacher-notes" aria-label="For teachers">
      <div className="panel-title">
        <h2>For teachers</h2>
        <button type="button" data-testid="teacher-notes-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide the notes' : 'Learning goals, misconceptions, questions'}
        </button>
      </div>
      <div className="teacher-notes-body" hidden={!open}>
        {list('Learning goals', notes.learning_goals, 'teacher-goals')}
        {list('Misconceptions the run answers', notes.misconceptions, 'teacher-misconceptions')}
        {list('Questions to ask', notes.questions, 'teacher-questions')}
      </div>
    </section>
  );
}
