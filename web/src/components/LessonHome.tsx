/**
 * The lesson home screen (`screen=home`, issue 40 item 3): one card per seed system (lessons/lessons.ts) with a small
 * picture of its cluster, what it is, learning goals (the scenario's teacher notes), things to notice and to try, and
 * two ways in: Intro (the cluster, Play / Step / speed, one chart, the walkthrough) or Lab (the whole page).
 */
import { useEffect, useState } from 'react';
import { LESSONS, type Lesson } from '../lessons/lessons';
import { loadBundledScenario } from '../scenario/bundledScenarios';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';

/** A small picture of a cluster: hosts under a switch (a ring for SCI). */
function Picture({ seed }: { seed: string }) {
  const ring = seed === '003';
  const hosts = [0, 1, 2, 3, 4, 5];
  return (
    <svg width="120" height="70" viewBox="0 0 120 70" aria-hidden="true" className="lesson-picture">
      {ring ? (
        <ellipse cx="60" cy="35" rx="48" ry="24" fill="none" stroke="#0072b2" strokeWidth="2" />
      ) : (
        <rect x="42" y="4" width="36" height="14" rx="3" fill="#e6eef3" stroke="#33404f" />
      )}
      {hosts.map((h) => {
        const x = ring ? 60 + 48 * Math.cos((h / 6) * 2 * Math.PI) : 12 + h * 19;
        const y = ring ? 35 + 24 * Math.sin((h / 6) * 2 * Math.PI) : 52;
        return (
          <g key={h}>
            {!ring && <line x1="60" y1="18" x2={x + 6} y2={y} stroke="#8a94a6" />}
            <rect x={x - (ring ? 6 : 0)} y={y - (ring ? 6 : 0)} width="12" height="12" rx="2" fill="#fff" stroke="#33404f" />
          </g>
        );
      })}
    </svg>
  );
}

function LessonCard({ lesson }: { lesson: Lesson }) {
  const [scenario, setScenario] = useState<Scenario | null>(null);
  useEffect(() => {
    let live = true;
    loadBundledScenario(lesson.scenario).then((s) => live && setScenario(s), () => undefined);
    return () => {
      live = false;
    };
  }, [lesson.scenario]);
  const goals = scenario?.teacher_notes?.learning_goals ?? [];
  const intro = `#scenario=${lesson.scenario}&w=${lesson.walkthrough}&step=1&screen=intro`;
  const lab = `#scenario=${lesson.scenario}&screen=lab`;
  return (
    <article className="panel lesson-card" data-testid={`lesson-${lesson.id}`} aria-labelledby={`lesson-${lesson.id}-title`}>
      <div className="lesson-head">
        <Picture seed={lesson.seed} />
        <div>
          <h2 id={`lesson-${lesson.id}-title`}>{lesson.title}</h2>
          <p className="muted">Seed {lesson.seed}. {lesson.about}</p>
        </div>
      </div>
      {goals.length > 0 && (
        <>
          <h3>You will be able to</h3>
          <ul>{goals.slice(0, 2).map((g, i) => <li key={i}>{g}</li>)}</ul>
        </>
      )}
      <h3>Things to notice</h3>
      <ul>{lesson.notice.map((n, i) => <li key={i}>{n}</li>)}</ul>
      <h3>Things to try</h3>
      <ul>{lesson.tryThis.map((t, i) => <li key={i}>{t}</li>)}</ul>
      <div className="lesson-actions">
        <a className="button-link" href={intro} data-testid={`lesson-${lesson.id}-intro`}>Intro: one chart and a guided walk</a>
        <a className="button-link" href={lab} data-testid={`lesson-${lesson.id}-lab`}>Lab: everything</a>
      </div>
    </article>
  );
}

export function LessonHome() {
  return (
    <main className="lesson-home" data-testid="lesson-home">
      <header className="lesson-home-head">
        <h1>HPC Interconnect Emulator: lessons</h1>
        <p className="muted">Four networks from four papers, packet by packet. Pick a lesson: the Intro has few controls and a guided walk that asks you to predict before it shows; the Lab has every view.</p>
      </header>
      <div className="lesson-grid">
        {LESSONS.map((l) => <LessonCard key={l.id} lesson={l} />)}
      </div>
    </main>
  );
}
