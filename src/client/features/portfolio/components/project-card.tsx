import type { Project } from '#client/content/portfolio.ts';

function ExternalLink({ href, label, project }: { href: string; label: string; project: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-secondary">
      {label}
      <span className="sr-only">of {project} (opens in a new tab)</span>
      <svg
        viewBox="0 0 24 24"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        aria-hidden="true"
      >
        <path d="M14 4h6v6M20 4 10 14M18 14v6H4V6h6" />
      </svg>
    </a>
  );
}

export function ProjectCard({ project }: { project: Project }) {
  return (
    <article className="card border-base-300 bg-base-100 h-full overflow-hidden border shadow-sm">
      <div aria-hidden="true" className="hazard-stripe h-1.5" />
      <div className="card-body gap-3 p-6">
        <h3 className="card-title text-xl">{project.name}</h3>
        <p className="text-base-content/80">{project.description}</p>
        <ul aria-label="Built with" className="flex flex-wrap gap-2">
          {project.stack.map((item) => (
            <li key={item} className="badge badge-outline badge-sm">
              {item}
            </li>
          ))}
        </ul>
        <div className="card-actions mt-auto pt-3">
          <ExternalLink href={project.demoUrl} label="Live demo" project={project.name} />
          <ExternalLink href={project.sourceUrl} label="Source code" project={project.name} />
        </div>
      </div>
    </article>
  );
}
