import { PageMeta } from '#client/components/ui/page-meta.tsx';
import {
  education,
  hobbies,
  type NamedNote,
  projects,
  skills,
  softSkills,
  workHistory,
} from '#client/content/portfolio.ts';
import { PortfolioHero } from './portfolio-hero.tsx';
import { ProjectCard } from './project-card.tsx';
import { SectionHeading } from './section-heading.tsx';
import { SkillBar } from './skill-bar.tsx';
import { Timeline } from './timeline.tsx';

function NoteList({ notes }: { notes: NamedNote[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {notes.map((note) => (
        <li key={note.name} className="rounded-box border border-white/10 bg-white/5 p-5">
          <h3 className="text-primary text-lg font-bold">{note.name}</h3>
          <p className="mt-1 text-sm opacity-85">{note.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function PortfolioPage() {
  return (
    <>
      <PageMeta
        title="Portfolio"
        description="Maya Kowalski, front-end developer at Forgeline: skills, sample projects, work history, education, soft skills and hobbies."
      />
      <PortfolioHero />
      <section aria-labelledby="skills" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="skills" overline="What I work with" title="Skills" />
        <ul className="grid gap-x-12 gap-y-6 md:grid-cols-2">
          {skills.map((skill) => (
            <SkillBar key={skill.name} skill={skill} />
          ))}
        </ul>
      </section>
      <section
        id="projects"
        aria-labelledby="projects-heading"
        className="bg-base-200 scroll-mt-24 md:scroll-mt-32"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <SectionHeading id="projects-heading" overline="Sample work" title="Projects" />
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {projects.map((project) => (
              <li key={project.name}>
                <ProjectCard project={project} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-7xl gap-14 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="work-history">
          <SectionHeading id="work-history" overline="Where I have worked" title="Work history" />
          <Timeline entries={workHistory} />
        </section>
        <section aria-labelledby="education">
          <SectionHeading id="education" overline="Where I learned" title="Education" />
          <Timeline entries={education} />
        </section>
      </div>
      <div className="bg-neutral text-neutral-content">
        <div className="mx-auto grid max-w-7xl gap-14 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <section aria-labelledby="soft-skills">
            <SectionHeading id="soft-skills" overline="How I work" title="Soft skills" onDark />
            <NoteList notes={softSkills} />
          </section>
          <section aria-labelledby="hobbies">
            <SectionHeading id="hobbies" overline="Away from the keyboard" title="Hobbies" onDark />
            <NoteList notes={hobbies} />
          </section>
        </div>
      </div>
    </>
  );
}
